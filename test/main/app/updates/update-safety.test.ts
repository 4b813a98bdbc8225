// The rules a release and every updater request must pass, and the feed
// setting they start from. Each rule is shown refusing and (by its neighbour) allowing.
import { createHash } from 'node:crypto';
import { describe, expect, it, vi } from 'vitest';
import { parseFeedConfig } from '../../../../src-main/app/updates/feed-config';
import { ALLOW_DOWNGRADE, judgeRelease, judgeRequest } from '../../../../src-main/app/updates/update-safety';
import type * as FeedPath from '../../../../src-main/app/updates/feed-path';

const FEED = { url: 'https://downloads.counttogether.app/counter-tray/', origin: 'https://downloads.counttogether.app' };
const SHA = createHash('sha512').update('x').digest('base64');
const release = (patch: Record<string, unknown> = {}) => ({ version: '0.3.0', files: [{ url: 'Counter-Tray-0.3.0.AppImage', sha512: SHA, size: 1234 }], releaseNotes: 'Faster.', ...patch });
const judge = (raw: unknown, running = '0.1.0') => judgeRelease(raw, { running, feed: FEED });

describe('feed config (resources/app-update.yml)', () => {
  it('takes a generic https feed, as electron-builder writes it', () => {
    expect(parseFeedConfig('provider: generic\nurl: https://downloads.counttogether.app/counter-tray\nupdaterCacheDirName: counter-tray-updater\n')).toEqual({ ok: true, feed: FEED });
  });

  it.each([
    [null, 'no app-update.yml'],
    ['provider: generic\nurl: http://downloads.counttogether.app/counter-tray\n', 'is not https'],
    ['provider: github\nowner: x\nrepo: y\n', 'does not name a generic feed'],
    ['provider: generic\nurl: https://user:pw@downloads.counttogether.app/\n', 'credentials'],
    ['provider: generic\nurl: "not a url"\n', 'not a URL'],
    ['provider: [generic\n', 'not valid YAML'],
    ['provider: generic\nurl: !!js/function "function(){}"\n', 'not valid YAML'],
    ['provider: generic\nurl: https://downloads.counttogether.app/counter-tray%2f..%2fother\n', 'encoded / or \\'],
    ['provider: generic\nurl: https://downloads.counttogether.app/%252e%252e/counter-tray\n', 'encoded . or ..'],
  ])('refuses %j (%s)', (text, problem) => {
    const parsed = parseFeedConfig(text);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.problem).toContain(problem);
  });
});

describe('a release (latest-*.yml)', () => {
  it('accepts a newer version with a sha512 for every file, and keeps its notes', () => {
    expect(judge(release())).toEqual({ ok: true, release: { version: '0.3.0', notes: 'Faster.' } });
    expect(judge(release({ releaseNotes: [{ version: '0.3.0', note: 'One.' }, { version: '0.2.0', note: 'Two.' }] }))).toMatchObject({ ok: true, release: { notes: 'One.\n\nTwo.' } });
  });

  it('no downgrades, and electron-updater is told the same', () => {
    expect(ALLOW_DOWNGRADE).toBe(false);
    expect(judge(release({ version: '0.0.9' }))).toEqual({ ok: false, reason: '0.0.9 is older than the running 0.1.0 (no downgrades)' });
    expect(judge(release({ version: '0.1.0' }))).toEqual({ ok: false, reason: '0.1.0 is the running version' });
    expect(judge(release({ version: '0.1.1' })).ok).toBe(true);
  });

  it('a pre-release only for a copy that runs one', () => {
    expect(judge(release({ version: '0.3.0-beta.1' }))).toMatchObject({ ok: false, reason: expect.stringContaining('pre-release') });
    expect(judge(release({ version: '0.3.0-beta.2' }), '0.3.0-beta.1').ok).toBe(true);
  });

  it.each<[string, unknown, string]>([
    ['no sha512 (only the legacy sha256)', release({ files: [{ url: 'a.AppImage', sha2: 'ab'.repeat(32), size: 1 }] }), 'files.0.sha512'],
    ['a sha512 in hex', release({ files: [{ url: 'a.AppImage', sha512: 'ab'.repeat(64), size: 1 }] }), 'files.0.sha512'],
    ['no size', release({ files: [{ url: 'a.AppImage', sha512: SHA }] }), 'files.0.size'],
    ['no files', release({ files: [] }), 'files'],
    ['a version that is no version', release({ version: 'latest' }), 'not a version number'],
    ['not an object', '<html>502</html>', 'root'],
    ['a file on another origin', release({ files: [{ url: 'https://evil.example/a.AppImage', sha512: SHA, size: 1 }] }), 'evil.example is not the feed'],
    ['a file over plain http on the feed host', release({ files: [{ url: 'http://downloads.counttogether.app/counter-tray/a.AppImage', sha512: SHA, size: 1 }] }), 'is not https'],
    ['a file outside the feed folder', release({ files: [{ url: '../../etc/a.AppImage', sha512: SHA, size: 1 }] }), 'outside the feed'],
    ['a file behind an encoded separator', release({ files: [{ url: '..%2f..%2fetc%2fa.AppImage', sha512: SHA, size: 1 }] }), 'encoded / or \\'],
  ])('refuses %s', (_what, raw, reason) => {
    const verdict = judge(raw);
    expect(verdict.ok).toBe(false);
    expect(!verdict.ok && verdict.reason).toContain(reason);
  });
});

describe('every updater request', () => {
  it('goes to the feed origin over https, inside its folder', () => {
    expect(judgeRequest('https://downloads.counttogether.app/counter-tray/latest-linux.yml?noCache=1x', FEED)).toBeNull();
    expect(judgeRequest('https://cdn.example/counter-tray/a.AppImage', FEED)).toContain('not the feed');
    expect(judgeRequest('http://downloads.counttogether.app/counter-tray/a.AppImage', FEED)).toContain('not https');
    expect(judgeRequest('https://downloads.counttogether.app:8443/counter-tray/a.AppImage', FEED)).toContain('not the feed');
    expect(judgeRequest('https://downloads.counttogether.app/other/a.AppImage', FEED)).toContain('outside');
    expect(judgeRequest('::', FEED)).toBe('not a URL');
  });
});

/**
 * Request paths that stay inside the feed's folder as the URL parser reads them and leave it
 * on a feed server that decodes %2f, %5c or %2e before it resolves the path (once or twice).
 */
export const ENCODED_ESCAPES: [what: string, path: string][] = [
  ['%2f after ..', '..%2fsecret.AppImage'],
  ['%2F after ..', '..%2Fsecret.AppImage'],
  ['%5c after ..', '..%5csecret.AppImage'],
  ['%5C after ..', '..%5Csecret.AppImage'],
  ['encoded dots and slash', '%2e%2e%2fsecret.AppImage'],
  ['a dot and an encoded dot, then %5c', '.%2e%5csecret.AppImage'],
  ['an encoded slash with no dots', 'sub%2flatest-linux.yml'],
  ['deeper in the folder', 'a/b/..%2f..%2f..%2fsecret.AppImage'],
  ['dots encoded twice, a raw slash', '%252e%252e/secret.AppImage'],
  ['everything encoded twice', '%252e%252e%252fsecret.AppImage'],
  ['a slash encoded three times', '..%25252fsecret.AppImage'],
  ['a malformed escape', '..%%32fsecret.AppImage'],
];

describe('encoded separators after the feed folder', () => {
  it.each(ENCODED_ESCAPES)('refuses %s', (_what, path) => {
    expect(judgeRequest(`${FEED.url}${path}?noCache=1`, FEED)).toContain("may be outside the feed's folder");
  });

  it('allows what electron-updater asks for: names with encoded spaces, dots that are only dots, a query with anything in it', () => {
    for (const path of ['latest-linux.yml?noCache=1x', 'Counter%20Tray-0.3.0.AppImage', 'Counter-Tray-0.3.0.AppImage.blockmap', 'Counter..Tray-0.3.0.exe', 'latest.yml?next=%2f..%2fx', 'x64/Counter-Tray-0.3.0.AppImage']) {
      expect(judgeRequest(`${FEED.url}${path}`, FEED), path).toBeNull();
    }
  });

  it('negative control: with the decoding check switched off, every one of them gets through', async () => {
    vi.resetModules();
    vi.doMock('../../../../src-main/app/updates/feed-path', async (original) => ({ ...(await original<typeof FeedPath>()), encodedPathProblem: () => null }));
    try {
      const weakened = (await import('../../../../src-main/app/updates/update-safety')).judgeRequest;
      for (const [, path] of ENCODED_ESCAPES) expect(weakened(`${FEED.url}${path}`, FEED), path).toBeNull();
    } finally {
      // Undone even when an expectation fails, so the weakened module never reaches a later test.
      vi.doUnmock('../../../../src-main/app/updates/feed-path');
      vi.resetModules();
    }
  });
});
