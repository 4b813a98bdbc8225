// Files that hold clicks are authenticated (app/offline/click-file-codec.ts).
// Another program that can write the data folder (and copy the owner key it finds there)
// adds a click of 1 000 000: the app must not send it, must back the file up and say so,
// and must still send every click it wrote itself. Negative control: the same attack with
// the MAC check switched off sends the forged click.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type * as ControllerModule from '../../../../src-main/app/controller';
import type { AppController } from '../../../../src-main/app/ports';
import type * as Codec from '../../../../src-main/app/offline/click-file-codec';
import type * as Headless from '../../../../dev-tools/headless/headless-app';
import { realCoreFactory } from '../../../../src-main/app/session/real-core';
import { createMemorySettingsStore, createMemoryVault } from '../../../../dev-tools/headless/memory-adapters';
import { pendingFileName } from '../../../../src-main/app/offline/account-pending-store';
import { createTextFile } from '../../../../src-main/app/storage/text-file';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { SHARED, USERS, serverValue, startService } from '../../../support/core-harness';
import { FrontServer } from '../../../support/front-server';
import { waitForState } from '../../../support/wait-for-state';
import { COFFEE_ID, counter, fakeCoreFactory, type FakeServer } from '../../../support/app-fakes';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { saidNotice } from '../../../../dev-tools/support/i18n';

const FORGED = 1_000_000;
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  vi.doUnmock('../../../../src-main/app/offline/click-file-codec');
  vi.resetModules();
});

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'counter-tray-clicks-'));
  cleanups.push(() => rm(dir, { recursive: true, force: true }));
  return dir;
}


describe('pending-<owner>.json (the core’s unsent clicks)', () => {
  /** Launches the app over one data folder against the reference service; answers what it noticed. */
  async function launch(create: typeof ControllerModule.createAppController, dir: string, url: string) {
    const notices: string[] = [];
    const controller = create({
      coreFactory: realCoreFactory,
      settings: createMemorySettingsStore({ ...DEFAULT_SETTINGS, serverUrl: url }),
      vault: createMemoryVault({ initial: { token: USERS.ada.token, origin: url, storage: 'encrypted' } }),
      consent: { ask: async () => false },
      demo: async () => {
        throw new Error('no demo');
      },
      platform: 'linux',
      systemTimezone: () => 'UTC',
      systemLanguages: () => ['en-US'],
      theme: { shouldUseDarkColors: () => false, onUpdated: () => () => undefined },
      pendingFiles: { forOwner: (owner) => createTextFile(join(dir, pendingFileName(owner))) },
      coreOverrides: { tuning: { reconnectBaseMs: 50, reconnectCapMs: 200 } },
    });
    controller.onNotice((notice) => notices.push(saidNotice(notice).body));
    cleanups.push(() => controller.stop());
    return { controller, notices };
  }

  /**
   * Run 1 leaves +2 of its own unsent: the server answers its POST with 429 for an hour
   * (not applied, so the ledger keeps it), and the user quits. Answers the folder and the front.
   */
  async function firstRunLeavesTwoUnsent(create: typeof ControllerModule.createAppController) {
    const service = await startService();
    const front = await FrontServer.start(service.port);
    cleanups.push(() => front.close());
    const dir = await folder();
    front.answer = (request) => (request.method === 'POST' ? { status: 429, headers: { 'Retry-After': '3600', 'Content-Type': 'application/json' }, body: '{"message":"later","code":-1029}' } : undefined);
    const first = await launch(create, dir, front.url);
    await first.controller.start();
    await first.controller.dispatch('counter:increment', { id: SHARED[0]!, amount: 2 });
    await waitForStateOf(first.controller, (s) => (s.core?.stats.rateLimited ?? 0) >= 1);
    await first.controller.stop();
    front.answer = () => undefined;
    return { service, front, dir };
  }

  /** The attack: another program copies the owner key and adds a click of its own. What reached the server, and what the user was told. */
  async function attack(create: typeof ControllerModule.createAppController) {
    const { service, front, dir } = await firstRunLeavesTwoUnsent(create);
    const before = { own: serverValue(service, SHARED[0]!), forged: serverValue(service, SHARED[1]!) };
    const path = join(dir, (await readdir(dir)).find((name) => /^pending-[0-9a-f]{16}\.json$/.test(name)) ?? 'missing');
    const written = JSON.parse(await readFile(path, 'utf8')) as { owner: string; pending: { counters: Record<string, unknown> } };
    expect(written.pending.counters[SHARED[0]!]).toMatchObject({ runs: [2] });
    const forged = { ...written, pending: { ...written.pending, counters: { ...written.pending.counters, [SHARED[1]!]: { runs: [FORGED] } } } };
    await writeFile(path, JSON.stringify(forged));
    const second = await launch(create, dir, front.url);
    await second.controller.start();
    await waitForStateOf(second.controller, (s) => s.session.status === 'signedIn' && s.core?.counters.every((c) => !c.pending) === true);
    return { dir, notices: second.notices, forgedSent: serverValue(service, SHARED[1]!) - before.forged, ownSent: serverValue(service, SHARED[0]!) - before.own };
  }

  it('a click another program added is refused (backed up, the user told) and not sent; the app’s own clicks in the same file are', async () => {
    const { createAppController } = await import('../../../../src-main/app/controller');
    const { notices, dir, forgedSent, ownSent } = await attack(createAppController);
    // The forged click is not sent; the +2 the app wrote itself, in the same file, is.
    expect([forgedSent, ownSent]).toEqual([0, 2]);
    expect(notices).toEqual([expect.stringMatching(/^Unsent clicks on 1 counter in the file of unsent clicks were set aside because Counter Tray did not write them.*A backup is at .*pending-[0-9a-f]{16}\.json\.corrupt-/)]);
    expect((await readdir(dir)).filter((name) => /^pending-[0-9a-f]{16}\.json\.corrupt-/.test(name))).toHaveLength(1);
  }, 20_000);

  it('negative control: with the MAC check off, the forged click is sent', async () => {
    vi.resetModules();
    vi.doMock('../../../../src-main/app/offline/click-file-codec', async (original) => ({ ...(await original<typeof Codec>()), openEntries: (_seal: unknown, entries: Record<string, unknown>) => ({ kept: { ...entries }, refused: [] }) }));
    const { createAppController } = await import('../../../../src-main/app/controller');
    const { forgedSent, ownSent } = await attack(createAppController);
    expect([forgedSent, ownSent]).toEqual([FORGED, 2]);
  }, 20_000);

  it('the clicks the app wrote itself are all sent on the next launch', async () => {
    const { createAppController } = await import('../../../../src-main/app/controller');
    const { service, front, dir } = await firstRunLeavesTwoUnsent(createAppController);
    const before = serverValue(service, SHARED[0]!);
    const second = await launch(createAppController, dir, front.url);
    await second.controller.start();
    await waitForStateOf(second.controller, (s) => s.session.status === 'signedIn' && s.core?.counters.every((c) => !c.pending) === true);
    expect(serverValue(service, SHARED[0]!) - before).toBe(2);
    expect(second.notices).toEqual([]);
  }, 20_000);
});

function waitForStateOf(controller: AppController, predicate: Parameters<typeof waitForState>[1]) {
  return waitForState({ controller } as Headless.HeadlessApp, predicate);
}

describe('last-known-counters.json', () => {
  const TOKEN = 'ada-secret-token-0123456789';
  const URL_OK = 'http://127.0.0.1:8787';

  // Unsent clicks live in the ledger, not in this file: an `unsent` another program adds is read only to say it was not sent.
  it('an unsent click another program adds is never sent', async () => {
    const { createHeadlessApp } = await import('../../../../dev-tools/headless/headless-app');
    const dir = await folder();
    const path = join(dir, 'last-known.json');
    const srv: FakeServer = { url: URL_OK, tokens: new Set([TOKEN]), reachable: true, counters: [counter(COFFEE_ID, 'Coffees today', 3)] };
    const launch = () => {
      const cores = fakeCoreFactory(srv);
      const app = createHeadlessApp({ coreFactory: cores.factory, clock: new FakeClock(), settings: { ...DEFAULT_SETTINGS, serverUrl: URL_OK }, storedToken: { token: TOKEN, origin: URL_OK, storage: 'encrypted' }, lastKnownPath: path });
      cleanups.push(() => app.stop());
      return { app, cores };
    };
    const first = launch();
    await first.app.start();
    await first.app.stop();
    const file = JSON.parse(await readFile(path, 'utf8')) as { accounts: Record<string, { unsent?: Record<string, number> }> };
    for (const entry of Object.values(file.accounts)) entry.unsent = { [COFFEE_ID]: FORGED };
    await writeFile(path, JSON.stringify(file));
    const second = launch();
    const { notices } = await second.app.start();
    expect(second.cores.last()?.calls.filter((c) => c.startsWith('increment'))).toEqual([]);
    expect(notices.map((n) => saidNotice(n).body).join(' ')).toMatch(/were not sent/);
  });
});
