import { describe, expect, it } from 'vitest';
import { acceleratorFromKeyPress, normalizeAccelerator, sameAccelerator } from '../../src-renderer/format/accelerator';
import { secondLineAsker, type LineContext } from '../../src-renderer/format/rowLines';
import { formatCounterValue } from '../../src-shared/i18n/counter-value';
import { MESSAGE_MAX, errorText } from '../../src-shared/i18n/error-words';
import { en, translator } from '../../dev-tools/support/i18n';

const press = (code: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: '',
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('day phrases', () => {
  it.each([
    ['FromDate', 412, '412 days since'],
    ['FromDate', 1, '1 day since'],
    ['FromDate', 0, '0 days since'],
    ['ToDate', 99, '99 days until'],
    ['ToDate', -1, '1 day ago'],
    ['ToDate', -587, '587 days ago'],
    ['FromDate', -190, 'in 190 days'],
    ['FromDate', -1, 'in 1 day'],
    ['UpDown', 1234, '1,234'],
  ] as const)('%s %d reads "%s"', (type, value, phrase) => {
    expect(formatCounterValue(en, type, value).phrase).toBe(phrase);
  });

  it.each([
    ['FromDate', 412, 'seit 412 Tagen', '412', 'Tage'],
    ['FromDate', 1, 'seit 1 Tag', '1', 'Tag'],
    ['ToDate', 99, 'noch 99 Tage', '99', 'Tage'],
    ['ToDate', -1, 'vor 1 Tag', '1', 'Tag'],
    ['ToDate', -587, 'vor 587 Tagen', '587', 'Tagen'],
    ['FromDate', -190, 'in 190 Tagen', '190', 'Tagen'],
    ['UpDown', 1234, '1.234', '1.234', ''],
  ] as const)('German: %s %d reads "%s" (Intl and ICU plurals, not hand-made)', (type, value, phrase, number, unit) => {
    const shown = formatCounterValue(translator('de'), type, value);
    expect(shown.phrase).toBe(phrase);
    expect(shown.number).toBe(number);
    expect(shown.unit).toBe(unit);
  });
});

describe('accelerators', () => {
  it('maps the physical key with CommandOrControl per platform', () => {
    expect(acceleratorFromKeyPress(press('KeyK', { ctrlKey: true, shiftKey: true }), false)).toEqual({ kind: 'accelerator', accelerator: 'CommandOrControl+Shift+K' });
    expect(acceleratorFromKeyPress(press('Digit1', { metaKey: true, altKey: true }), true)).toEqual({ kind: 'accelerator', accelerator: 'CommandOrControl+Option+1' });
    expect(acceleratorFromKeyPress(press('ArrowUp', { altKey: true }), false)).toEqual({ kind: 'accelerator', accelerator: 'Alt+Up' });
    expect(acceleratorFromKeyPress(press('F7', { ctrlKey: true }), false)).toEqual({ kind: 'accelerator', accelerator: 'CommandOrControl+F7' });
  });

  it('waits for a key after modifiers, and refuses a plain key', () => {
    expect(acceleratorFromKeyPress(press('ShiftLeft', { shiftKey: true }), false)).toEqual({ kind: 'incomplete' });
    expect(acceleratorFromKeyPress(press('KeyA'), false)).toEqual({ kind: 'needsModifier', key: 'A' });
    // Shift alone, or a bare F-key, would still take a key from every app (main refuses them too).
    expect(acceleratorFromKeyPress(press('KeyA', { shiftKey: true }), false)).toEqual({ kind: 'needsModifier', key: 'A' });
    expect(acceleratorFromKeyPress(press('F7'), false)).toEqual({ kind: 'needsModifier', key: 'F7' });
  });

  it('compares accelerators as Electron does', () => {
    expect(sameAccelerator('CmdOrCtrl+shift+k', 'Shift+CommandOrControl+K')).toBe(true);
    expect(sameAccelerator('Ctrl+K', 'Alt+K')).toBe(false);
    expect(normalizeAccelerator('Option+A')).toBe(normalizeAccelerator('Alt+A'));
  });
});

describe('error words', () => {
  // Booting the build (test/electron-double/consent.spec.ts) found "Cancel" in main's consent dialog shown as "Something went wrong".
  it("says main's own words (a catalog key with main's values) in the popup's language", () => {
    const error = { code: 'declined', message: 'Not connected: you chose not to use x.example.', words: { key: 'error.tokenRejected', values: { host: 'x.example' } } };
    expect(errorText(en, error)).toBe('x.example rejected this token. Check it, or create a new one.');
    expect(errorText(translator('de'), error)).toBe('x.example lehnt das Token ab. Prüfe es oder erstelle ein neues.');
  });
  it('shortens a long host in main’s words like in its own', () => {
    const error = { code: 'token-rejected', message: '', words: { key: 'error.tokenRejected', values: { host: 'a-very-long-host-name-that-goes-on.example.com' } } };
    expect(errorText(en, error)).toBe('a-very-long-host-name…rejected this token. Check it, or create a new one.'.replace('…rejected', '… rejected'));
  });
  it('falls back to the code when main names a key the catalog does not have', () => {
    expect(errorText(en, { code: 'declined', message: 'x', words: { key: 'no.such.key' } })).toBe('Not connected: you chose not to send your token there.');
  });
  it('does not echo an unknown error', () => {
    expect(errorText(en, { code: 'internal', message: 'stack trace' })).not.toContain('stack');
  });
});

describe('messages in the app’s own voice (issue 24), in every language', () => {
  const CODES = [
    'network', 'timeout', 'unauthorized', 'forbidden', 'notFound', 'rateLimited', 'invalidOperation', 'badRequest', 'badResponse', 'ipc',
    'invalid-url', 'insecure-url', 'token-rejected', 'server-unreachable', 'not-a-counter-server', 'rate-limited', 'not-signed-in', 'unknown-counter',
    'invalid-settings', 'invalid-shortcut', 'demo-unavailable', 'direction-refused', 'invalid-payload', 'declined', 'token-for-other-server',
    'nothing-to-undo', 'undo-refused', 'superseded', 'internal', 'something-new',
  ];
  const SERVER_TEXT = 'This counter only counts up: decrement is not allowed (the server said: HTTP 400 {"error":"x"}) and much more detail than fits a line';

  it('every code: at most 80 characters, never the raw text it came with, even with a long server name', () => {
    const problems = CODES.flatMap((code) =>
      [en, translator('de')].flatMap((i18n) =>
        [undefined, 'developers.counttogether.app', 'a-very-long-host-name-that-goes-on.and-on.example.com'].flatMap((host) => {
          const text = errorText(i18n, { code, message: SERVER_TEXT }, host);
          const where = `${code} (${i18n.locale.language}, ${host ?? 'no host'})`;
          return [...(text.length > MESSAGE_MAX ? [`${where}: ${text.length} characters: ${text}`] : []), ...(text.includes('decrement is not allowed') ? [`${where}: says the server’s text: ${text}`] : [])];
        }),
      ),
    );
    expect(problems).toEqual([]);
  });

  it('a host starts its sentence; without one, “the server” does', () => {
    expect(errorText(en, { code: 'server-unreachable', message: '' }, 'counttogether.invalid')).toBe('Could not reach counttogether.invalid. Check the address and network.');
    expect(errorText(en, { code: 'server-unreachable', message: '' })).toBe('Could not reach the server. Check the address and network.');
    expect(errorText(en, { code: 'rate-limited', message: '' })).toBe('The server is busy. Try again in a moment.');
    expect(errorText(translator('de'), { code: 'server-unreachable', message: '' })).toBe('Der Server ist nicht erreichbar. Prüfe Adresse und Netzwerk.');
    // Codes whose message may quote the server never pass it.
    expect(errorText(en, { code: 'undo-refused', message: 'decrement is not allowed' })).toBe('This change cannot be taken back.');
  });
});

describe('second lines', () => {
  const upDown = (id: string) => ({ id, type: 'UpDown' as const, value: 0, name: id, pending: false, refused: {} });
  const context = (over: Partial<LineContext> = {}): LineContext => ({ today: undefined, offer: undefined, reset: undefined, extras: undefined, clicksWait: false, ...over });
  const goal = { target: 8, period: 'day' as const, count: 'all' as const, done: 0 };

  it('come from what is keyed by the counter: a goal, a change today, an offer; a change of 0 says nothing', () => {
    const ask = secondLineAsker(context({ today: { a: 2, z: 0 }, extras: { goals: { b: goal }, milestonesMuted: [], today: '2026-11-27' } }));
    expect(['a', 'b', 'z', 'c'].map((id) => ask(upDown(id)))).toEqual([true, true, false, false]);
  });

  it('count only own entries: a counter named like a prototype property gets no line from an empty context', () => {
    const ids = ['constructor', 'toString', '__proto__', 'hasOwnProperty'];
    const ask = secondLineAsker(context({ today: {}, extras: { goals: {}, milestonesMuted: [], today: '2026-11-27' } }));
    expect(ids.map((id) => ask(upDown(id)))).toEqual([false, false, false, false]);
    // Control: the same ids with a change today do get one.
    const withChanges = secondLineAsker(context({ today: Object.fromEntries(ids.filter((id) => id !== '__proto__').map((id) => [id, 1])) }));
    expect(ids.map((id) => withChanges(upDown(id)))).toEqual([true, true, false, true]);
  });
});
