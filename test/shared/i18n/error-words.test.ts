// Error words: main's words or the code's, one sentence of at most 80 characters in the app's own voice, in every language.
import { describe, expect, it } from 'vitest';
import { MESSAGE_MAX, errorText } from '../../../src-shared/i18n/error-words';
import { en, translator } from '../../../dev-tools/support/i18n';

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
    'invalid-url', 'token-rejected', 'server-unreachable', 'not-a-counter-server', 'rate-limited', 'not-signed-in', 'unknown-counter',
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
