// The app's side of "every click counted once, whatever path it takes" (docs/api.md R1): undo,
// an offline launch, Retry now and edits all go through the core's one ledger, and the
// activity record is fed only by the core's outcomes and remote changes. Each case runs
// the whole app (controller, session, real core) against the reference service; the
// server's request log is the referee.
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, watch } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp, type HeadlessAppOptions } from '../../../../dev-tools/headless/headless-app';
import { realCoreFactory } from '../../../../src-main/app/session/real-core';
import type { CoreOptions } from '../../../../src-main/core/contract';
import { DEMO_COUNTER_IDS, DEMO_OTHER_TOKEN, DEMO_TOKEN, DEMO_USER_ID, startCounterService, type CounterService } from '../../../../src-service/index';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import type { AppStateBody } from '../../../../src-shared/ipc/contract';
import { maxInWindow, rateLimitedCount } from '../../../support/core-harness';
import { RequestFaultFront } from '../../../../dev-tools/support/request-fault-front';
import { waitForState } from '../../../support/wait-for-state';
import { saidNotice } from '../../../../dev-tools/support/i18n';

const COFFEES = DEMO_COUNTER_IDS.coffees; // UpDown, 3
const PUSH_UPS = DEMO_COUNTER_IDS.pushUps; // OnlyUp, 40

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function service(): Promise<CounterService> {
  const running = await startCounterService({ port: 0, fixtures: 'demo' });
  cleanups.push(() => running.close());
  return running;
}

async function front(svc: CounterService): Promise<RequestFaultFront> {
  const started = await RequestFaultFront.start(svc.port);
  cleanups.push(() => started.close());
  return started;
}

function tempDir(prefix: string): string {
  const dir = mkdtempSync(join(tmpdir(), prefix));
  cleanups.push(() => rmSync(dir, { recursive: true, force: true }));
  return dir;
}

/** Where one installation keeps its files: what a crash leaves behind is a copy of this. */
interface Disk {
  dir: string;
  lastKnownPath: string;
  pendingDir: string;
  activityDir: string;
}

function disk(dir = tempDir('one-door-')): Disk {
  return { dir, lastKnownPath: join(dir, 'last-known-counters.json'), pendingDir: dir, activityDir: dir };
}

/** A crash: the files as they are at this instant (the process that wrote them is gone). */
function crashCopy(from: Disk): Disk {
  const copy = disk();
  cpSync(from.dir, copy.dir, { recursive: true });
  return copy;
}

interface Launch {
  app: HeadlessApp;
  notices: string[];
  warnings: string[];
  cores: CoreOptions[];
}

/** A launch of an installation that already holds the token for `serverUrl` (the resume path). */
function launch(serverUrl: string, files: Disk, options: HeadlessAppOptions = {}): Launch {
  const warnings: string[] = [];
  const cores: CoreOptions[] = [];
  const app = createHeadlessApp({
    systemTimezone: 'UTC',
    settings: { ...DEFAULT_SETTINGS, serverUrl },
    storedToken: { token: DEMO_TOKEN, origin: new URL(serverUrl).origin, storage: 'encrypted' },
    lastKnownPath: files.lastKnownPath,
    pendingDir: files.pendingDir,
    activityDir: files.activityDir,
    logger: { info: () => undefined, warn: (m) => warnings.push(m), error: (m) => warnings.push(m) },
    coreFactory: (coreOptions) => {
      cores.push(coreOptions);
      return realCoreFactory(coreOptions);
    },
    ...options,
  });
  const notices: string[] = [];
  app.controller.onNotice((notice) => notices.push(`${saidNotice(notice).title}: ${saidNotice(notice).body}`));
  cleanups.push(() => app.stop());
  return { app, notices, warnings, cores };
}

const counterIn = (s: AppStateBody, id: string) => s.core?.counters.find((c) => c.id === id);
const signedIn = (app: HeadlessApp) => waitForState(app, (s) => s.session.status === 'signedIn');
const settledOn = (app: HeadlessApp, id: string) => waitForState(app, (s) => counterIn(s, id)?.pending === false);
const changesTo = (svc: CounterService, id: string, from = 0) =>
  svc.requestLog
    .slice(from)
    .filter((e) => e.method === 'POST' && e.path.includes(id))
    .map((e) => `${e.path.split('/').slice(-2).join('/')} ${e.status}`);

/** A run before this launch saw the counters (so an offline launch has last-known ones to show). */
async function previousRun(svc: CounterService, files: Disk): Promise<void> {
  const { app } = launch(svc.url, files);
  await app.start();
  await app.stop();
}

/** A launch while the server is away: the last-known counters are shown and take clicks. */
async function offlineLaunch(svc: CounterService, files: Disk): Promise<Launch> {
  await svc.suspend();
  const launched = launch(svc.url, files);
  await launched.app.start();
  expect(launched.app.controller.getState().lastKnown?.counters.some((c) => c.id === COFFEES)).toBe(true);
  return launched;
}

/** A fetch whose next change to `id` cannot even connect (nothing reaches the server), once. */
function refuseNextChangeTo(id: string) {
  let refused = () => undefined as void;
  const done = new Promise<void>((resolve) => (refused = resolve));
  let armed = true;
  const wrapped: typeof fetch = async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (armed && init?.method === 'POST' && url.includes(id)) {
      armed = false;
      refused();
      throw new TypeError('fetch failed', { cause: Object.assign(new Error('connect ECONNREFUSED 127.0.0.1'), { code: 'ECONNREFUSED' }) });
    }
    return fetch(input, init);
  };
  return { fetch: wrapped, refused: done };
}

describe('issue 22: one door for every click', () => {
  it('case 1: undo of a click that was never sent withdraws it: no request at all, even on an OnlyUp counter', async () => {
    const svc = await service();
    const gate = refuseNextChangeTo(PUSH_UPS);
    const { app } = launch(svc.url, disk(), { coreOverrides: { fetch: gate.fetch, tuning: { reconnectBaseMs: 50, reconnectCapMs: 50 } } });
    await app.start();
    await signedIn(app);
    expect(await app.dispatch('counter:increment', { id: PUSH_UPS })).toEqual({ ok: true, value: null });
    await gate.refused; // the click could not be sent: it waits in the ledger
    await new Promise((resolve) => setImmediate(resolve));
    expect(app.controller.getState().activity?.undo).toMatchObject({ counterId: PUSH_UPS, amount: 1 });
    expect(await app.dispatch('counter:undo', { id: PUSH_UPS })).toEqual({ ok: true, value: null });
    await settledOn(app, PUSH_UPS);
    expect(changesTo(svc, PUSH_UPS)).toEqual([]);
    expect(svc.getCounter(PUSH_UPS)?.value).toBe(40);
  });

  it('case 2: Retry now pressed 50 times during a slow connect builds one core and keeps to 4 requests a second', async () => {
    const svc = await service();
    const proxy = await front(svc);
    const { answered: listAnswered, release } = proxy.holdAnswer('GET', /^\/v2\/counters$/);
    const { app, cores } = launch(proxy.url, disk());
    await app.start({ awaitConnection: false });
    await listAnswered; // the server has been reached; its answer is slow
    for (let press = 0; press < 50; press += 1) expect(await app.dispatch('session:retryNow', {})).toEqual({ ok: true, value: null });
    release();
    await signedIn(app);
    await app.dispatch('counter:increment', { id: COFFEES });
    await settledOn(app, COFFEES);
    expect(cores).toHaveLength(1);
    expect(rateLimitedCount(svc, DEMO_USER_ID)).toBe(0);
    expect(maxInWindow(svc, DEMO_USER_ID)).toBeLessThanOrEqual(4);
    expect(svc.getCounter(COFFEES)?.value).toBe(4);
  });

  it('case 2: after Retry now during a slow connect and stop(), nothing more reaches the server or the disk', async () => {
    const svc = await service();
    const proxy = await front(svc);
    const { answered: listAnswered, release } = proxy.holdAnswer('GET', /^\/v2\/counters$/);
    const files = disk();
    const { app } = launch(proxy.url, files);
    await app.start({ awaitConnection: false });
    await listAnswered;
    for (let press = 0; press < 10; press += 1) await app.dispatch('session:retryNow', {});
    await app.stop();
    const requestsAtStop = svc.requestLog.length;
    const filesAtStop = snapshotFiles(files.dir);
    release();
    await proxy.idle();
    await new Promise((resolve) => setImmediate(resolve));
    expect(svc.requestLog.slice(requestsAtStop)).toEqual([]);
    expect(snapshotFiles(files.dir)).toEqual(filesAtStop);
  });

  it('case 3: a click acknowledged at an offline launch is sent once even if the app is killed right after', async () => {
    const svc = await service();
    const files = disk();
    await previousRun(svc, files);
    const offline = await offlineLaunch(svc, files);
    for (let click = 0; click < 3; click += 1) expect(await offline.app.dispatch('counter:increment', { id: COFFEES })).toEqual({ ok: true, value: null });
    const left = crashCopy(files);
    await svc.resume();
    const relaunched = launch(svc.url, left);
    await relaunched.app.start();
    await signedIn(relaunched.app);
    await settledOn(relaunched.app, COFFEES);
    expect(changesTo(svc, COFFEES)).toEqual(['increment/3 200']);
    expect(svc.getCounter(COFFEES)?.value).toBe(6);
  });

  it('case 3: clicks taken at an offline launch are not sent twice when the app is killed right after they landed', async () => {
    const svc = await service();
    const files = disk();
    await previousRun(svc, files);
    const offline = await offlineLaunch(svc, files);
    for (let click = 0; click < 3; click += 1) await offline.app.dispatch('counter:increment', { id: COFFEES });
    // The clicks are on disk: in the ledger, before the answer (no longer in the last-known file a second later).
    await waitForFiles(files.dir, new RegExp(`"${COFFEES}":(3|\\{"runs":\\[3\\])`));
    await svc.resume();
    await offline.app.dispatch('session:retryNow', {});
    await signedIn(offline.app);
    await settledOn(offline.app, COFFEES);
    expect(svc.getCounter(COFFEES)?.value).toBe(6);
    const left = crashCopy(files);
    const relaunched = launch(svc.url, left);
    await relaunched.app.start();
    await signedIn(relaunched.app);
    await waitForState(relaunched.app, (s) => s.core?.connection.status === 'live' && counterIn(s, COFFEES)?.pending === false);
    expect(changesTo(svc, COFFEES)).toEqual(['increment/3 200']);
    expect(svc.getCounter(COFFEES)?.value).toBe(6);
  });

  it("case 6: a value edit with own clicks in flight: every echo is ours, and the activity adds up to the server's move", async () => {
    const svc = await service();
    const proxy = await front(svc);
    const { app } = launch(proxy.url, disk());
    await app.start();
    await signedIn(app);
    const remote: unknown[] = [];
    app.controller.onRemoteChange((change) => remote.push(change));
    // Our +1 is applied at once (3 → 4), its answer comes after our edit's (4 → 50).
    const { answered: applied, release } = proxy.holdAnswer('POST', /\/increment\//);
    await app.dispatch('counter:increment', { id: COFFEES });
    await applied;
    expect(await app.dispatch('counter:update', { id: COFFEES, patch: { value: 50 } })).toEqual({ ok: true, value: null });
    release();
    await waitForState(app, (s) => counterIn(s, COFFEES)?.pending === false && counterIn(s, COFFEES)?.value === 50);
    const detail = await app.controller.handlers['activity:detail']({ id: COFFEES });
    expect(remote).toEqual([]);
    expect(detail.today).toEqual({ you: 47, others: 0 });
  });

  it("case 7: another member's change just before our edit is counted once", async () => {
    const svc = await service();
    const proxy = await front(svc);
    const { app } = launch(proxy.url, disk());
    await app.start();
    await signedIn(app);
    proxy.add({
      method: 'PATCH',
      path: /\/v2\/counters\//,
      times: 1,
      action: { kind: 'applyLate', delayMs: 0 },
      onMatch: async () => {
        const answer = await fetch(`${svc.url}/v2/counters/${COFFEES}/increment/1`, { method: 'POST', headers: { Authorization: `Bearer ${DEMO_OTHER_TOKEN}` } });
        expect(answer.status).toBe(200);
      },
    });
    expect(await app.dispatch('counter:update', { id: COFFEES, patch: { value: 10 } })).toEqual({ ok: true, value: null });
    expect(svc.getCounter(COFFEES)?.value).toBe(10);
    const state = await waitForState(app, (s) => (s.activity?.today[COFFEES] ?? 0) >= 7);
    expect(state.activity?.today[COFFEES]).toBe(7);
    const detail = await app.controller.handlers['activity:detail']({ id: COFFEES });
    expect(detail.today).toEqual({ you: 6, others: 1 });
  });

  it('case 9: offline clicks on a counter deleted while away: the user is told, and the log names it', async () => {
    const svc = await service();
    const files = disk();
    await previousRun(svc, files);
    const offline = await offlineLaunch(svc, files);
    expect(await offline.app.dispatch('counter:increment', { id: COFFEES, amount: 2 })).toEqual({ ok: true, value: null });
    svc.deleteCounter(COFFEES);
    await svc.resume();
    await offline.app.dispatch('session:retryNow', {});
    await signedIn(offline.app);
    await waitForState(offline.app, (s) => s.core?.connection.status === 'live');
    await waitForNotice(offline, /Coffees today/);
    expect(offline.notices.join('\n')).toMatch(/Your \+2 on “Coffees today” was not sent/);
    expect(offline.warnings.join('\n')).toContain(COFFEES);
  });

  it('case 10: a change flagged "could not confirm" at start-up reaches the activity record', async () => {
    const svc = await service();
    const proxy = await front(svc);
    const files = disk();
    // The first run quits while its +1 is on the wire: the server applied it, the answer never came.
    const { answered: applied, release } = proxy.holdAnswer('POST', /\/increment\//);
    cleanups.push(() => release());
    const first = launch(proxy.url, files);
    await first.app.start();
    await signedIn(first.app);
    await first.app.dispatch('counter:increment', { id: COFFEES });
    await applied;
    await first.app.stop();
    const second = launch(proxy.url, files);
    await second.app.start();
    await signedIn(second.app);
    await waitForState(second.app, (s) => counterIn(s, COFFEES)?.error?.kind === 'unconfirmed');
    // The record loads its file after the core started; it says so with a state change.
    const recorded = () => second.app.controller.handlers['activity:detail']({ id: COFFEES }) as Awaited<ReturnType<HeadlessApp['controller']['handlers']['activity:detail']>>;
    await waitForState(second.app, () => recorded().events.length > 0);
    expect(recorded().events).toEqual([expect.objectContaining({ kind: 'own', amount: 1, outcome: 'unconfirmed' })]);
  });
});

function waitForNotice(launched: Launch, pattern: RegExp): Promise<void> {
  if (launched.notices.some((n) => pattern.test(n))) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no notice like ${pattern}; notices: ${JSON.stringify(launched.notices)}; log: ${JSON.stringify(launched.warnings)}`)), 5000);
    const off = launched.app.controller.onNotice(() => {
      if (!launched.notices.some((n) => pattern.test(n))) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}

/** Resolves once some file in `dir` matches `pattern` (checked now and on every change there). */
function waitForFiles(dir: string, pattern: RegExp): Promise<void> {
  const matches = () => readdirSync(dir).some((name) => {
    try {
      return pattern.test(readFileSync(join(dir, name), 'utf8'));
    } catch {
      return false; // a temp file renamed away meanwhile
    }
  });
  if (matches()) return Promise.resolve();
  return new Promise((resolve) => {
    const watcher = watch(dir, () => {
      if (!matches()) return;
      watcher.close();
      resolve();
    });
  });
}

/** Every file's name, size and modification time (ns): a write changes at least the time. */
function snapshotFiles(dir: string): Record<string, string> {
  const found: Record<string, string> = {};
  if (!existsSync(dir)) return found;
  for (const name of readdirSync(dir)) {
    const stat = statSync(join(dir, name), { bigint: true });
    found[name] = `${stat.size} ${stat.mtimeNs} ${readFileSync(join(dir, name), 'utf8').length}`;
  }
  return found;
}
