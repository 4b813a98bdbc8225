// The last-known counters file: untrusted on load, per account, and
// clicks taken before the core runs reach the server once, after it connects.
import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../../../dev-tools/headless/headless-app';
import type { TextFile } from '../../../../src-main/app/ports';
import { memoryFile } from '../../../../dev-tools/support/memory-file';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { COFFEE_ID, counter, fakeCoreFactory, flushMicrotasks, type FakeServer } from '../../../support/app-fakes';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { createLastKnownCache } from '../../../../src-main/app/offline/offline-counters';
import { saidNotice } from '../../../../dev-tools/support/i18n';
import { createServerTextCleaner, TEXT_LIMITS } from '../../../../src-shared/text/server-text';

const clean = createServerTextCleaner([]);

const TOKEN = 'ada-secret-token-0123456789';
const URL_OK = 'http://127.0.0.1:8787';

const apps: HeadlessApp[] = [];
afterEach(async () => {
  for (const a of apps.splice(0)) await a.stop();
});

const server = (): FakeServer => ({ url: URL_OK, tokens: new Set([TOKEN, 'alan-secret-token-0123456789']), reachable: true, counters: [counter(COFFEE_ID, 'Coffees today', 3)] });

function launch(srv: FakeServer, file: TextFile, token = TOKEN) {
  const cores = fakeCoreFactory(srv);
  const clock = new FakeClock();
  const a = createHeadlessApp({
    coreFactory: cores.factory,
    clock,
    settings: { ...DEFAULT_SETTINGS, serverUrl: URL_OK },
    storedToken: { token, origin: new URL(URL_OK).origin, storage: 'encrypted' },
    lastKnownFile: file,
  });
  apps.push(a);
  return { a, cores, clock };
}

/** A launch that saw the server and quit; the server is unreachable from then on. */
async function seenOnceThenOffline() {
  const srv = server();
  const file = memoryFile();
  const first = launch(srv, file);
  await first.a.start();
  await first.a.stop();
  srv.reachable = false;
  return { srv, file };
}

describe('last-known counters cache', () => {
  it('a file that does not parse is moved aside and reset, with a notice; nothing crashes', async () => {
    for (const bad of ['{not json', JSON.stringify({ version: 1, accounts: { x: { savedAt: 'yesterday', counters: [{}], unsent: {} } } }), '[]']) {
      const file = memoryFile(bad);
      const cache = createLastKnownCache(file, new FakeClock(), () => undefined, clean);
      const { notice } = await cache.load();
      expect(notice && saidNotice(notice).body).toMatch(/could not be read and was reset/);
      expect(file.backups).toEqual([bad]);
      expect(JSON.parse(file.text ?? '')).toEqual({ version: 1, accounts: {} });
      expect(cache.get('x')).toBeUndefined();
    }
  });

  it('keeps one account per owner, and holds counters, no clicks', async () => {
    const clock = new FakeClock();
    const file = memoryFile();
    const cache = createLastKnownCache(file, clock, () => undefined, clean);
    await cache.load();
    cache.remember('ada', [counter(COFFEE_ID, 'Coffees today', 3)]);
    expect(cache.get('alan')).toBeUndefined();
    await cache.flush();
    expect(JSON.parse(file.text ?? '')).toEqual({ version: 1, accounts: { ada: { savedAt: expect.any(Number), counters: [expect.objectContaining({ id: COFFEE_ID, value: 3 })] } } });
    const reread = createLastKnownCache(memoryFile(file.text), clock, () => undefined, clean);
    await reread.load();
    expect(reread.get('ada')?.counters.map((c) => c.value)).toEqual([3]);
  });

  it("issue 22: offline clicks an older version kept in the file are not sent, and the user is told which", async () => {
    const old = JSON.stringify({ version: 1, accounts: { ada: { savedAt: 1, counters: [counter(COFFEE_ID, 'Coffees today', 3)], unsent: { [COFFEE_ID]: 2 } } } });
    const file = memoryFile(old);
    const logged: string[] = [];
    const clock = new FakeClock();
    const cache = createLastKnownCache(file, clock, (m) => logged.push(m), clean);
    const { notice } = await cache.load();
    expect(notice && saidNotice(notice).body).toMatch(/were not sent: \+2 on “Coffees today”/);
    expect(logged.join()).toContain('+2 on “Coffees today”');
    await clock.advance(1000);
    expect(file.text).not.toContain('unsent');
  });

  it('the names in that notice are sanitized like every text read back from the file (hostile name, hostile id)', async () => {
    const hostile = 'Coffees\u202e today\u0007';
    const old = JSON.stringify({ version: 1, accounts: { ada: { savedAt: 1, counters: [counter(COFFEE_ID, hostile, 3)], unsent: { [COFFEE_ID]: 2, ['x\u202e\u0000y']: 1 } } } });
    const cache = createLastKnownCache(memoryFile(old), new FakeClock(), () => undefined, clean);
    const { notice } = await cache.load();
    const body = notice ? saidNotice(notice).body : '';
    expect(body).toContain(`“${clean(hostile, TEXT_LIMITS.name)}”`);
    for (const control of ['\u202e', '\u0007', '\u0000']) expect(body).not.toContain(control);
  });

  it('the controller starts with a broken file and reports the notice from start()', async () => {
    const { a } = launch(server(), memoryFile('{broken'));
    const started = await a.start();
    expect(started.notices.map((n) => saidNotice(n).body).join(' ')).toMatch(/could not be read and was reset/);
    expect(a.controller.getState().session.status).toBe('signedIn');
  });

  it('an offline launch shows what the previous run saw, takes clicks, and sends them once on connect', async () => {
    const { srv, file } = await seenOnceThenOffline();
    const second = launch(srv, file);
    await second.a.start();
    const state = second.a.controller.getState();
    expect(state.session.status).toBe('connecting');
    expect(state.lastKnown?.counters.map((c) => [c.name, c.value])).toEqual([['Coffees today', 3]]);
    expect(await second.a.dispatch('counter:increment', { id: COFFEE_ID })).toEqual({ ok: true, value: null });
    expect(second.a.controller.getState().lastKnown?.counters[0]).toMatchObject({ value: 4, pending: true });

    srv.reachable = true;
    expect(await second.a.dispatch('session:retryNow', {})).toEqual({ ok: true, value: null });
    await flushMicrotasks();
    await second.clock.advance(0);
    expect(second.a.controller.getState().session.status).toBe('signedIn');
    expect(second.cores.last()?.calls.filter((c) => c.startsWith('increment'))).toEqual([`increment ${COFFEE_ID} 1`]);
    expect(second.a.controller.getState().lastKnown).toBeNull();
  });

  it('another account on the same server does not see them', async () => {
    const { srv, file } = await seenOnceThenOffline();
    const other = launch(srv, file, 'alan-secret-token-0123456789');
    await other.a.start();
    expect(other.a.controller.getState().lastKnown).toBeNull();
  });
});
