// Scenario 8: "Retry now" pressed 50 times during a slow connect. The
// whole app (controller, session, real core) launches for an account whose last-known
// counters are on disk; the server is reached but its first list answer is held 2 s (a
// front server), and meanwhile the user clicks 10 times and presses Retry now 50 times
// (every 40 ms). A press that built another core with a rate limiter of its own gave
// 31 requests in one second and ~100 × 429. The service's request log is the referee.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createHeadlessApp, type HeadlessApp } from '../../dev-tools/headless/headless-app';
import { realCoreFactory } from '../../src-main/app/session/real-core';
import { startCounterService, type CounterService } from '../../src-service/index';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import type { AppStateBody } from '../../src-shared/ipc/contract';
import { RequestFaultFront } from '../../dev-tools/support/request-fault-front';
import { readFixtures, writeFixtures, type BenchUser } from '../fixtures';
import type { ScenarioResult } from '../report';
import { maxInRollingWindow, pause } from '../stats';

const HOLD_MS = 2_000;
const PRESSES = 50;
const PRESS_EVERY_MS = 40;
const CLICKS = 10;

export interface RetryNowRun {
  busiestSecond: number;
  rateLimited: number;
  doubled: number;
  lost: number;
  coresBuilt: number;
}

function until(app: HeadlessApp, predicate: (s: AppStateBody) => boolean): Promise<void> {
  return new Promise((resolve) => {
    if (predicate(app.controller.getState())) return resolve();
    const off = app.controller.on('state:changed', (s) => {
      if (!predicate(s)) return;
      off();
      resolve();
    });
  });
}

async function oneRun(service: CounterService, user: BenchUser, id: string): Promise<RetryNowRun> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-retry-'));
  const front = await RequestFaultFront.start(service.port);
  let cores = 0;
  const launch = () =>
    createHeadlessApp({
      systemTimezone: 'UTC',
      settings: { ...DEFAULT_SETTINGS, serverUrl: front.url },
      storedToken: { token: user.token, origin: new URL(front.url).origin, storage: 'encrypted' },
      lastKnownPath: join(dir, 'last-known-counters.json'),
      pendingDir: dir,
      coreFactory: (options) => ((cores += 1), realCoreFactory(options)),
    });
  try {
    // An earlier run saw the counters (so this launch shows them and takes clicks on them).
    const earlier = launch();
    await earlier.start();
    await earlier.stop();
    await pause(1_100); // a new process: the earlier run's requests are out of the server's rate window
    cores = 0;
    const start = service.getCounter(id)?.value ?? 0;
    const from = service.requestLog.length;
    const { answered: serverReached, release } = front.holdAnswer('GET', /^\/v2\/counters$/);
    const app = launch();
    await app.start({ awaitConnection: false });
    await serverReached;
    const held = pause(HOLD_MS).then(() => release());
    for (let press = 0; press < PRESSES; press += 1) {
      if (press % (PRESSES / CLICKS) === 0) await app.dispatch('counter:increment', { id });
      await app.dispatch('session:retryNow', {});
      await pause(PRESS_EVERY_MS);
    }
    await held;
    await until(app, (s) => s.session.status === 'signedIn' && s.core?.counters.find((c) => c.id === id)?.pending === false);
    await app.stop();
    await front.idle();
    const log = service.requestLog.slice(from).filter((e) => e.userId === user.id);
    const applied = (service.getCounter(id)?.value ?? 0) - start;
    return {
      busiestSecond: maxInRollingWindow(log.map((e) => e.at)),
      rateLimited: log.filter((e) => e.status === 429).length,
      doubled: Math.max(0, applied - CLICKS),
      lost: Math.max(0, CLICKS - applied),
      coresBuilt: cores,
    };
  } finally {
    await front.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runRetryNow(options: { runs: number; log: (line: string) => void }): Promise<ScenarioResult> {
  const fx = writeFixtures({ counters: 3, readers: options.runs, others: 0 });
  const service = await startCounterService({ port: 0, fixtures: readFixtures(fx.file) });
  const runs: RetryNowRun[] = [];
  try {
    for (const reader of fx.readers) {
      const run = await oneRun(service, reader, fx.upDownIds[0]!);
      options.log(`retry now: ${JSON.stringify(run)}`);
      runs.push(run);
    }
  } finally {
    await service.close();
  }
  const worst = (key: keyof RetryNowRun) => Math.max(...runs.map((r) => r[key]));
  const total = (key: keyof RetryNowRun) => runs.reduce((n, r) => n + r[key], 0);
  return {
    rows: [
      {
        scenario: `Retry now pressed ${PRESSES} times during a slow connect`,
        measure: 'requests in the busiest second / 429s / doubled / lost',
        app: `${worst('busiestSecond')} / ${total('rateLimited')} / ${total('doubled')} / ${total('lost')} (cores built per launch: ${worst('coresBuilt')})`,
        target: '≤ 4 / 0 / 0 / 0',
        met: worst('busiestSecond') <= 4 && total('rateLimited') === 0 && total('doubled') === 0 && total('lost') === 0,
        how: `the whole app (createHeadlessApp: controller, session, real core) launches with last-known counters on disk; the server's first list answer is held ${HOLD_MS} ms by a front server while the user clicks ${CLICKS} times and presses Retry now ${PRESSES} times (every ${PRESS_EVERY_MS} ms); busiest second = most of the user's requests arriving in any rolling 1000 ms (service requestLog, from the launch until settled), worst of ${runs.length} runs; 429s, doubled (server value above the clicks) and lost (below) summed over the runs; a press that built another core of its own gave 31 requests in one second and ~100 × 429`,
      },
    ],
    data: runs,
  };
}
