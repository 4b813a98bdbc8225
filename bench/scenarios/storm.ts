// Scenario 1, click storm: the same clicks at the same pace from the sync core and from
// the naive client, each against a fresh reference service; the service's request log
// is the referee (requests, 429s, busiest rolling second). The 10-counter storm runs
// twice: on a fresh install, and on counters used before, whose accepted
// directions the ledger remembers across restarts.
import { createCounterCore, createMemoryStore } from '../../src-main/core/index';
import { PendingDocument } from '../../src-main/core/pending-document';
import type { CounterService } from '../../src-service/index';
import { startCounterService } from '../../src-service/index';
import type { Direction } from '../../src-shared/domain/snapshot';
import { readFixtures, writeFixtures } from '../fixtures';
import type { BenchFixtures } from '../fixtures';
import { createNaiveClient } from '../naive-client';
import type { Row, ScenarioResult } from '../report';
import { fmt, maxInRollingWindow, median, ms, pause } from '../stats';

interface Plan {
  key: string;
  label: string;
  clicks: number;
  durationMs: number;
  counters: number;
  /** The core starts with a ledger that remembers both directions accepted on every counter of the plan. */
  usedBefore?: boolean;
  /** The bounds for a storm on counters used before (bench/README.md). */
  target?: { requests: number; settleAboveFloorMs: number };
}

const PLANS: Plan[] = [
  { key: 'oneCounter', label: '200 clicks in 2 s, 1 counter', clicks: 200, durationMs: 2000, counters: 1 },
  { key: 'tenCounters', label: '100 clicks in 2 s over 10 counters, fresh install', clicks: 100, durationMs: 2000, counters: 10 },
  {
    key: 'tenCountersUsedBefore',
    label: '100 clicks in 2 s over 10 counters used before',
    clicks: 100,
    durationMs: 2000,
    counters: 10,
    usedBefore: true,
    target: { requests: 20, settleAboveFloorMs: 1000 },
  },
];

/**
 * The ledger document of a previous run in which the server accepted both directions on
 * each counter and nothing is left to send (src-main/core/README.md, "Pre-seeding
 * the ledger"), parsed with the ledger's own schema so a format change fails here first.
 */
const usedBeforeLedger = (ids: readonly string[]): PendingDocument =>
  PendingDocument.parse({ version: 3, counters: Object.fromEntries(ids.map((id) => [id, { runs: [], accepted: ['decrement', 'increment'] }])) });

/** At 4 requests per rolling second, the last of `counters` requests that must follow the last click goes out this long after it. */
const floorMs = (counters: number) => (Math.ceil(counters / 4) - 1) * 1000;

/** Click i of a plan: counters in turn; on several counters every third click is a decrement. */
function clickOf(plan: Plan, i: number): { counter: number; direction: Direction } {
  return { counter: i % plan.counters, direction: plan.counters > 1 && i % 3 === 2 ? 'decrement' : 'increment' };
}

export interface StormRun {
  requests: number;
  rateLimited: number;
  exact: boolean;
  maxPerSecond: number;
  settleMs: number;
  roundTripMs: number;
}

interface Clicker {
  click(id: string, direction: Direction): void;
  settled(): Promise<void>;
}

async function roundTrip(service: CounterService, probe: BenchFixtures['others'][number], id: string): Promise<number> {
  const times: number[] = [];
  for (let i = 0; i < 3; i += 1) {
    const start = performance.now();
    const response = await fetch(new URL(`/v2/counters/${id}?timezone=UTC`, service.url), { headers: { Authorization: `Bearer ${probe.token}` } });
    await response.arrayBuffer();
    times.push(performance.now() - start);
  }
  return median(times);
}

async function runOnce(plan: Plan, client: 'core' | 'naive'): Promise<StormRun> {
  const fx = writeFixtures({ counters: 10, readers: 1, others: 1 });
  const service = await startCounterService({ port: 0, fixtures: readFixtures(fx.file) });
  const reader = fx.readers[0]!;
  const ids = fx.upDownIds.slice(0, plan.counters);
  const expected = new Map(ids.map((id) => [id, service.getCounter(id)?.value ?? 0]));
  try {
    // Measured before the storm, by another user, so it costs the reader nothing.
    const rtt = await roundTrip(service, fx.others[0]!, ids[0]!);
    let clicker: Clicker;
    let stop = async () => undefined as void;
    const coreValue = new Map<string, number>();
    if (client === 'core') {
      const core = createCounterCore({
        baseUrl: service.url,
        token: reader.token,
        timezone: 'UTC',
        ...(plan.usedBefore ? { store: createMemoryStore(usedBeforeLedger(ids)) } : {}),
      });
      await core.start();
      clicker = {
        click: (id, direction) => (direction === 'increment' ? core.increment(id) : core.decrement(id)),
        settled: () => core.settled(),
      };
      stop = async () => {
        for (const c of core.snapshot().counters) coreValue.set(c.id, c.value);
        await core.stop();
      };
    } else {
      clicker = createNaiveClient({ baseUrl: service.url, token: reader.token });
    }
    const mark = service.requestLog.length;
    const start = performance.now();
    for (let i = 0; i < plan.clicks; i += 1) {
      const due = start + (i * plan.durationMs) / plan.clicks;
      const wait = due - performance.now();
      if (wait > 0) await pause(wait);
      const { counter, direction } = clickOf(plan, i);
      const id = ids[counter]!;
      clicker.click(id, direction);
      expected.set(id, expected.get(id)! + (direction === 'increment' ? 1 : -1));
    }
    const lastClick = performance.now();
    await clicker.settled();
    const settleMs = performance.now() - lastClick;
    await stop();

    const mine = service.requestLog.filter((e) => e.userId === reader.id);
    const storm = service.requestLog.slice(mark).filter((e) => e.userId === reader.id);
    const exact = ids.every((id) => service.getCounter(id)?.value === expected.get(id) && (client === 'naive' || coreValue.get(id) === expected.get(id)));
    return {
      requests: storm.length,
      rateLimited: storm.filter((e) => e.status === 429).length,
      exact,
      maxPerSecond: maxInRollingWindow(mine.map((e) => e.at)),
      settleMs,
      roundTripMs: rtt,
    };
  } finally {
    await service.close();
  }
}

function summarize(runs: StormRun[]) {
  return {
    requests: median(runs.map((r) => r.requests)),
    rateLimited: median(runs.map((r) => r.rateLimited)),
    rateLimitedMax: Math.max(...runs.map((r) => r.rateLimited)),
    exactRuns: runs.filter((r) => r.exact).length,
    maxPerSecond: Math.max(...runs.map((r) => r.maxPerSecond)),
    settleMs: median(runs.map((r) => r.settleMs)),
    roundTripMs: median(runs.map((r) => r.roundTripMs)),
    runs: runs.length,
  };
}

export async function runStorm(options: { coreRuns: number; naive: boolean; log: (line: string) => void }): Promise<ScenarioResult> {
  const core: Record<string, StormRun[]> = {};
  for (const plan of PLANS) {
    core[plan.key] = [];
    for (let run = 0; run < options.coreRuns; run += 1) {
      core[plan.key]!.push(await runOnce(plan, 'core'));
      options.log(`storm ${plan.key} core run ${run + 1}: ${JSON.stringify(core[plan.key]!.at(-1))}`);
    }
  }
  // The naive client needs ~50 s per plan (4 successes a second); both plans run side by side, once.
  const naive: Record<string, StormRun[]> = {};
  if (options.naive) {
    // A naive client remembers nothing between runs: "used before" is the same storm for it.
    const naivePlans = PLANS.filter((plan) => !plan.usedBefore);
    const results = await Promise.all(naivePlans.map((plan) => runOnce(plan, 'naive')));
    naivePlans.forEach((plan, n) => {
      naive[plan.key] = [results[n]!];
      options.log(`storm ${plan.key} naive: ${JSON.stringify(results[n])}`);
    });
  }

  const rows: Row[] = [];
  for (const plan of PLANS) {
    const c = summarize(core[plan.key]!);
    const n = naive[plan.key] ? summarize(naive[plan.key]!) : undefined;
    const scenario = `Click storm: ${plan.label}`;
    const runs = `core: median of ${c.runs} runs${n ? '; naive: 1 run (it needs ~50 s)' : ''}; fresh service per run`;
    rows.push(
      {
        scenario,
        measure: 'requests sent (storm only)',
        app: fmt(c.requests),
        ...(n ? { naive: fmt(n.requests) } : {}),
        ...(plan.target ? { target: `≤ ${plan.target.requests}`, met: c.requests <= plan.target.requests } : {}),
        how: `service requestLog entries of the clicking user from the first click until settled, 429s included; ${runs}${
          plan.usedBefore ? '; the core starts on a ledger that remembers both directions accepted on all 10 counters, so opposite clicks net from the first' : ''
        }`,
      },
      {
        scenario,
        measure: '429 responses received',
        app: `${fmt(c.rateLimited)} (max ${c.rateLimitedMax})`,
        ...(n ? { naive: fmt(n.rateLimited) } : {}),
        target: '0',
        met: c.rateLimitedMax === 0,
        how: 'requestLog entries with status 429 for that user',
      },
      {
        scenario,
        measure: 'final value exact',
        app: c.exactRuns === c.runs ? `yes (${c.exactRuns}/${c.runs})` : `no (${c.exactRuns}/${c.runs} exact)`,
        ...(n ? { naive: n.exactRuns === n.runs ? 'yes' : 'no' } : {}),
        target: 'yes',
        met: c.exactRuns === c.runs,
        how: "server value (service.getCounter) and, for the core, its snapshot value = start value + clicks, every counter",
      },
      {
        scenario,
        measure: 'most requests in any rolling 1000 ms',
        app: fmt(c.maxPerSecond),
        ...(n ? { naive: fmt(n.maxPerSecond) } : {}),
        target: '≤ 4',
        met: c.maxPerSecond <= 4,
        how: "worst over all runs, service-clock arrival times of all the user's requests (WebSocket upgrade and first list included)",
      },
      {
        scenario,
        measure: 'last click → settled',
        app: ms(c.settleMs, 0),
        ...(n ? { naive: ms(n.settleMs, 0) } : {}),
        ...(plan.target
          ? { target: `≤ ${ms(floorMs(plan.counters) + plan.target.settleAboveFloorMs, 0)} (the ${ms(floorMs(plan.counters), 0)} floor + 1 s)`, met: c.settleMs <= floorMs(plan.counters) + plan.target.settleAboveFloorMs }
          : { target: `≤ 350 ms + 1 RTT (${ms(c.roundTripMs)})`, met: c.settleMs <= 350 + c.roundTripMs }),
        how: `performance.now() from the last click to core.settled() (naive: every request answered non-429); RTT = median GET /v2/counters/{id} by another user just before${
          plan.counters > 4
            ? `; floor: all ${plan.counters} counters change in the last ${Math.round((plan.counters * plan.durationMs) / plan.clicks)} ms and the API has no batch call, so ≥ ${plan.counters} requests follow the last click, ≥ ${floorMs(plan.counters).toLocaleString('en')} ms at 4 per rolling second`
            : ''
        }`,
      },
    );
  }
  return { rows, data: { plans: PLANS, core, naive } };
}
