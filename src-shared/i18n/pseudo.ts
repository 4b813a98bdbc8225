// The pseudo-locale: letters accented, messages bracketed ⟦…⟧ (a cut end shows), ~40 % longer.

const PLAIN = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const ACCENTED = 'áƀçðéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÁƁÇÐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ';
const TABLE = new Map([...PLAIN].map((letter, i) => [letter, [...ACCENTED][i] as string]));

export function accent(text: string): string {
  let out = '';
  for (const char of text) out += TABLE.get(char) ?? char;
  return out;
}

const PADDING = accent('lorem ipsum dolor sit amet consectetur adipiscing elit sed do eiusmod tempor');

/** Makes a message of `length` characters ~40 % longer. */
export function padding(length: number): string {
  const extra = Math.max(1, Math.round(length * 0.4));
  return PADDING.repeat(Math.ceil(extra / PADDING.length)).slice(0, extra).trimEnd();
}

export const OPEN = '⟦';
export const CLOSE = '⟧';
