// The adapter around electron-updater (src-main/electron/updater.ts) with a fake AppUpdater:
// what it configures, what its session lets through, which releases it lets electron-updater
// download, how failures read. Plus electron-updater's own GenericProvider against the
// local feed for every platform's channel file (latest.yml, latest-mac.yml, latest-linux.yml).
import { EventEmitter } from 'node:events';
import { request } from 'node:https';
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classifyFailure, type UpdaterEvent } from '../../../../src-main/app/updates/driver';
import { judgeRelease } from '../../../../src-main/app/updates/update-safety';
import { createElectronUpdaterDriver, type UpdaterLike } from '../../../../src-main/electron/updater';
import { CHANNEL_FILES, sha512, UpdateFeed, type Platform } from '../../../support/update-feed';

const FEED = { url: 'https://downloads.counttogether.app/counter-tray/', origin: 'https://downloads.counttogether.app' };
const GOOD = { version: '0.3.0', files: [{ url: 'Counter-Tray-0.3.0.AppImage', sha512: sha512(Buffer.from('x')), size: 1 }], releaseNotes: 'Faster.' };

type BeforeRequest = (details: { url: string }, callback: (response: { cancel: boolean }) => void) => void;

function fakeUpdater() {
  const emitter = new EventEmitter();
  const fake = {
    autoDownload: true,
    autoInstallOnAppQuit: false,
    allowDowngrade: true,
    logger: null as unknown,
    feeds: [] as unknown[],
    beforeRequest: null as BeforeRequest | null,
    quits: [] as unknown[][],
    failInstall: false,
    isUpdateSupported: (() => true) as (info: unknown) => boolean | Promise<boolean>,
    netSession: { webRequest: { onBeforeRequest: (listener: BeforeRequest) => void (fake.beforeRequest = listener) } },
    setFeedURL: (options: unknown) => void fake.feeds.push(options),
    checkForUpdates: async () => {
      emitter.emit('checking-for-update');
      return { downloadPromise: Promise.reject(new Error('download failed later')) };
    },
    downloadUpdate: () => Promise.reject(new Error('no')),
    quitAndInstall: (...args: unknown[]) => {
      fake.quits.push(args);
      if (fake.failInstall) emitter.emit('error', new Error('No update filepath provided'));
    },
    on: (event: string, listener: (...args: unknown[]) => void) => emitter.on(event, listener),
    emit: (event: string, ...args: unknown[]) => emitter.emit(event, ...args),
  };
  return fake;
}

function driverWith(fake: ReturnType<typeof fakeUpdater>) {
  const logs: string[] = [];
  const events: UpdaterEvent[] = [];
  let beforeInstall = 0;
  const driver = createElectronUpdaterDriver({
    updater: fake as unknown as UpdaterLike,
    feed: FEED,
    running: '0.1.0',
    log: { info: (m) => logs.push(m), warn: (m) => logs.push(m), error: (m) => logs.push(m) },
    beforeInstall: () => void (beforeInstall += 1),
  });
  driver.onEvent((event) => events.push(event));
  return { driver, logs, events, beforeInstalls: () => beforeInstall };
}

const ask = (fake: ReturnType<typeof fakeUpdater>, url: string) => new Promise<boolean>((resolve) => fake.beforeRequest?.({ url }, ({ cancel }) => resolve(cancel)));

describe('electron-updater adapter', () => {
  it('points electron-updater at the feed, no downgrades, install on quit, download only when the mode says so', () => {
    const fake = fakeUpdater();
    const { driver } = driverWith(fake);
    expect(fake.feeds).toEqual([{ provider: 'generic', url: FEED.url }]);
    expect(fake).toMatchObject({ allowDowngrade: false, autoInstallOnAppQuit: true, autoDownload: false });
    driver.setAutoDownload(true);
    expect(fake.autoDownload).toBe(true);
  });

  it("its session reaches the feed's origin over https and nothing else, with a log line for each refusal", async () => {
    const fake = fakeUpdater();
    const { logs } = driverWith(fake);
    expect(await ask(fake, `${FEED.url}latest-linux.yml?noCache=1`)).toBe(false);
    expect(await ask(fake, 'https://cdn.example/counter-tray/Counter-Tray-0.3.0.AppImage')).toBe(true);
    expect(await ask(fake, 'http://downloads.counttogether.app/counter-tray/latest-linux.yml')).toBe(true);
    expect(logs.filter((line) => line.startsWith('update refused: request to'))).toHaveLength(2);
  });

  it('its session refuses a path that decodes out of the feed folder (%2f, %5c, encoded dots)', async () => {
    const fake = fakeUpdater();
    const { logs } = driverWith(fake);
    for (const path of ['..%2fCounter-Tray-0.3.0.AppImage', '..%5CCounter-Tray-0.3.0.AppImage', '%2e%2e%2fCounter-Tray-0.3.0.AppImage', '%252e%252e/Counter-Tray-0.3.0.AppImage']) {
      expect(await ask(fake, `${FEED.url}${path}`), path).toBe(true);
    }
    expect(await ask(fake, `${FEED.url}Counter%20Tray-0.3.0.AppImage`)).toBe(false);
    expect(logs.filter((line) => line.includes("may be outside the feed's folder"))).toHaveLength(4);
  });

  it('a release that breaks a rule never reaches the download; a good one goes on to the system check', async () => {
    const fake = fakeUpdater();
    let systemChecks = 0;
    fake.isUpdateSupported = () => ((systemChecks += 1), true);
    const { events, logs } = driverWith(fake);
    fake.emit('checking-for-update');
    expect(await fake.isUpdateSupported({ ...GOOD, version: '0.0.9' })).toBe(false);
    fake.emit('update-not-available', {});
    expect(events).toEqual([{ kind: 'checking' }, { kind: 'failed', reason: 'refused' }]);
    expect(logs).toContain('update refused: 0.0.9 is older than the running 0.1.0 (no downgrades)');
    expect(systemChecks).toBe(0);

    fake.emit('checking-for-update');
    expect(await fake.isUpdateSupported(GOOD)).toBe(true);
    expect(systemChecks).toBe(1);
    fake.emit('update-available', GOOD);
    fake.emit('download-progress', { percent: 42 });
    fake.emit('update-downloaded', { ...GOOD, downloadedFile: '/cache/x' });
    expect(events.slice(2)).toEqual([
      { kind: 'checking' },
      { kind: 'available', release: { version: '0.3.0', notes: 'Faster.' } },
      { kind: 'progress', percent: 42 },
      { kind: 'downloaded', release: { version: '0.3.0', notes: 'Faster.' } },
    ]);
    // Nothing accepted this round: electron-updater's own "available" is not passed on.
    fake.emit('checking-for-update');
    fake.emit('update-available', GOOD);
    expect(events.at(-1)).toEqual({ kind: 'checking' });
  });

  it('failures: a bad checksum or a blocked request is "refused", the feed being away "unreachable"; no rejection escapes', async () => {
    const fake = fakeUpdater();
    const { driver, events } = driverWith(fake);
    fake.emit('error', Object.assign(new Error('sha512 checksum mismatch, expected a, got b'), { code: 'ERR_CHECKSUM_MISMATCH' }));
    fake.emit('error', new Error('net::ERR_CONNECTION_REFUSED'));
    fake.emit('checking-for-update');
    await ask(fake, 'https://elsewhere.example/x');
    fake.emit('error', new Error('Redirect was cancelled'));
    expect(events.filter((e) => e.kind === 'failed')).toEqual([
      { kind: 'failed', reason: 'refused' },
      { kind: 'failed', reason: 'unreachable' },
      { kind: 'failed', reason: 'refused' },
    ]);
    await driver.check();
    await driver.download();
  });

  it('installs through quitAndInstall(silent, run after), lets the next copy take the lock first, and says when the installer did not start', () => {
    const fake = fakeUpdater();
    const { driver, beforeInstalls } = driverWith(fake);
    expect(driver.quitAndInstall()).toBe(true);
    expect(fake.quits).toEqual([[true, true]]);
    expect(beforeInstalls()).toBe(1);
    fake.failInstall = true;
    expect(driver.quitAndInstall()).toBe(false);
  });

  it.each([
    [{ code: 'ERR_UPDATER_INVALID_VERSION', message: 'x' }, 'refused'],
    [{ code: 'ERR_UPDATER_INVALID_UPDATE_INFO', message: 'x' }, 'refused'],
    [{ message: 'Cannot parse update info from latest-linux.yml' }, 'refused'],
    [{ message: 'net::ERR_CERT_AUTHORITY_INVALID' }, 'refused'],
    [{ code: 'HTTP_ERROR_503', message: '503 Service Unavailable' }, 'unreachable'],
    [{ code: 'ERR_UPDATER_CHANNEL_FILE_NOT_FOUND', message: 'Cannot find channel' }, 'unreachable'],
    [{ message: 'net::ERR_INTERNET_DISCONNECTED' }, 'unreachable'],
    [{}, 'unreachable'],
  ])('classifies %j as %s', (error, expected) => {
    expect(classifyFailure(error)).toBe(expected);
  });
});

describe("every platform's channel file, read by electron-updater's GenericProvider from the local feed", () => {
  const require = createRequire(import.meta.url);
  const { HttpExecutor } = require('builder-util-runtime') as { HttpExecutor: new () => object };
  const { GenericProvider } = require('electron-updater/out/providers/GenericProvider') as {
    GenericProvider: new (config: object, updater: object, runtime: object) => { getLatestVersion(): Promise<{ version: string; files: { url: string }[] }>; resolveFiles(info: unknown): { url: URL }[] };
  };
  let feed: UpdateFeed;

  beforeAll(async () => {
    feed = await UpdateFeed.start();
    const artifact = (name: string) => ({ name, body: Buffer.from(name) });
    feed.publish({
      version: '0.3.0',
      notes: 'Faster.',
      files: { linux: [artifact('Counter-Tray-0.3.0.AppImage')], win: [artifact('Counter-Tray-Setup-0.3.0.exe')], mac: [artifact('Counter-Tray-0.3.0-mac.zip'), artifact('Counter-Tray-0.3.0.dmg')] },
    });
  });
  afterAll(() => feed.close());

  /** builder-util-runtime's executor over Node's https, trusting the feed's certificate (the app uses Electron's net). */
  function nodeExecutor(): object {
    const executor = new HttpExecutor() as { createRequest?: unknown };
    executor.createRequest = (options: object, callback: (response: unknown) => void) => request({ ...options, ca: feed.certificate }, callback);
    return executor;
  }

  it.each<[NodeJS.Platform, Platform, string]>([
    ['linux', 'linux', 'Counter-Tray-0.3.0.AppImage'],
    ['win32', 'win', 'Counter-Tray-Setup-0.3.0.exe'],
    ['darwin', 'mac', 'Counter-Tray-0.3.0-mac.zip'],
  ])('%s reads %s and passes our rules', async (platform, channel, firstFile) => {
    const provider = new GenericProvider({ provider: 'generic', url: feed.url }, { channel: null, isAddNoCacheQuery: true }, { platform, executor: nodeExecutor(), isUseMultipleRangeRequest: false });
    const from = feed.requests.length;
    const info = await provider.getLatestVersion();
    expect(feed.requests.slice(from).map((r) => r.path.split('?')[0])).toEqual([`${feed.folder}${CHANNEL_FILES[channel]}`]);
    expect(info.files[0]?.url).toBe(firstFile);
    expect(provider.resolveFiles(info).map((file) => file.url.origin)).toEqual(info.files.map(() => feed.origin));
    expect(judgeRelease(info, { running: '0.1.0', feed: { url: feed.url, origin: feed.origin } })).toEqual({ ok: true, release: { version: '0.3.0', notes: 'Faster.' } });
  });
});
