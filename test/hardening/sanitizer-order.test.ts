// The sanitizer's order — normalize, strip the whole Unicode Cf/Cc/Zl/Zp
// sets, redact (known tokens, any run of 8+ of their characters, bearer shapes), then cut —
// checked on the inputs a hostile server sends. Each case is judged by what the user would
// read, not by the sanitizer's own rules; the 0.2 sanitizer (test/support/legacy) is the
// negative control and fails every case that was reported against it.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REDACTED, sanitizeServerText, TOKEN_FRAGMENT_MIN } from '../../src-shared/text/server-text';
import { sanitizeServerText02 } from '../support/legacy/sanitizer-0.2';
import { SEED } from './support/knobs';

const TOKEN = 'ct_live_5d1e0c9b8a7f6e5d4c3b2a19';
type Sanitize = (text: string, options: { secrets?: Iterable<string>; maxLength?: number }) => string;

/** Invisible after rendering, or reordering what is read: none of these may remain. */
const HIDDEN = ['\u0007', '\u200E', '\u200F', '\u202E', '\u2066', '\u061C', '\u2028', '\u2029', '\u200B', '\u00AD', '\u2060', '\uFEFF', '\u{E0041}', '\u0085'];

/** What the user must not be able to read: the token or 8 of its characters in a row. */
function leaksToken(text: string): boolean {
  for (let i = 0; i + TOKEN_FRAGMENT_MIN <= TOKEN.length; i += 1) if (text.includes(TOKEN.slice(i, i + TOKEN_FRAGMENT_MIN))) return true;
  return false;
}

const CASES: [string, string][] = [
  ['a left-to-right mark between every character', TOKEN.split('').join('\u200E')],
  ['BEL between every character', TOKEN.split('').join('\u0007')],
  ['a zero-width space between every character', TOKEN.split('').join('\u200B')],
  ['soft hyphens', TOKEN.split('').join('\u00AD')],
  ['the Arabic letter mark', TOKEN.split('').join('\u061C')],
  ['line and paragraph separators', `${TOKEN.slice(0, 12)}\u2028${TOKEN.slice(12)}\u2029`],
  ['fullwidth letters', [...TOKEN].map((c) => String.fromCodePoint(c.codePointAt(0)! + 0xfee0)).join('')],
  // 0.2 cut at 4 × 500 + 64 characters first, leaving 16 of the token, then stripped the BELs that had pushed it there.
  ['the token cut short by the first cut', `${'a'.repeat(400)}${'\u0007'.repeat(2064 - 400 - 16)}${TOKEN}`],
  ['the token cut short by the work limit', `${'\u0007'.repeat(4096 - 12)}${TOKEN}`],
  ['its first 16 characters only', `token was ${TOKEN.slice(0, 16)}`],
  ['a part from its middle', `…${TOKEN.slice(6, 22)}…`],
];

function leaks(sanitize: Sanitize): string[] {
  const found: string[] = [];
  for (const [label, text] of CASES) {
    const out = sanitize(text, { secrets: [TOKEN], maxLength: 500 });
    if (leaksToken(out.normalize('NFKC').replace(/[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/gu, ''))) found.push(`token: ${label}`);
  }
  for (const hidden of HIDDEN) {
    const out = sanitize(`Coffees${hidden}today`, { maxLength: 500 });
    if (out.includes(hidden)) found.push(`kept U+${hidden.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`);
  }
  return found;
}

describe('sanitizer order', () => {
  it('no token survives in any disguise, and no invisible or control character remains', () => {
    expect(leaks(sanitizeServerText)).toEqual([]);
  });

  it('negative control: the 0.2 sanitizer lets the issue’s cases through', () => {
    expect(leaks(sanitizeServerText02)).toEqual(
      expect.arrayContaining([
        'token: a left-to-right mark between every character',
        'token: BEL between every character',
        'token: the token cut short by the first cut',
        'token: its first 16 characters only',
        'kept U+061C',
        'kept U+2028',
        'kept U+2029',
        'kept U+200B',
        'kept U+00AD',
      ]),
    );
  });

  it('keeps ordinary names as they are, redacts bearer shapes, cuts last without splitting a character', () => {
    expect(sanitizeServerText('Coffees today ☕ — 3×', { maxLength: 200 })).toBe('Coffees today ☕ — 3×');
    expect(sanitizeServerText('401: Authorization: Bearer abc.def-ghi', {})).toBe(`401: Authorization: ${REDACTED} ${REDACTED}`);
    expect(sanitizeServerText('line\nbreak\ttab', {})).toBe('line break tab');
    expect(sanitizeServerText(`${'a'.repeat(9)}😀😀`, { maxLength: 11 })).toBe(`${'a'.repeat(9)}…`);
    expect(sanitizeServerText('x'.repeat(10_000_000), { maxLength: 200 })).toHaveLength(200);
  });

  it('property: whatever surrounds the token, and whatever is hidden inside it, the output never shows 8 of its characters', () => {
    const hidden = fc.constantFrom(...HIDDEN, '\t', '\n', ' ');
    fc.assert(
      fc.property(fc.string({ maxLength: 300 }), fc.string({ maxLength: 300 }), fc.array(hidden, { maxLength: 40 }), fc.integer({ min: 20, max: 600 }), (before, after, noise, maxLength) => {
        const disguised = [...TOKEN].map((c, i) => `${c}${noise[i] ?? ''}`).join('');
        const out = sanitizeServerText(`${before}${disguised}${after}`, { secrets: [TOKEN], maxLength });
        expect(leaksToken(out)).toBe(false);
        expect(out.length).toBeLessThanOrEqual(maxLength);
        expect(/[\p{Cf}\p{Cc}\p{Zl}\p{Zp}]/u.test(out)).toBe(false);
      }),
      { numRuns: 300, seed: SEED },
    );
  });
});
