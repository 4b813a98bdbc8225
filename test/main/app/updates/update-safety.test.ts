// The rules a release and every updater request must pass, and the feed
// setting they start from. Each rule is shown refusing and (by its neighbour) allowing.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { parseFeedConfig } from '../../../../src-main/app/updates/feed-config';
import { ALLOW_DOWNGRADE, judgeRelease, judgeRequest } from '../../../../src-main/app/updates/update-safety';

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
