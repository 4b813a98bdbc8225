// Scenario 7, herd (issue 18): what N Counter Trays do to the service through a 60 s
// outage, a restart that drops every socket, and one zone's local midnight, side by side
// with clients that retry like the public HA integration and .NET SDK. Simulated (see
// bench/herd-sim.ts): the core's own reconnect code, no sockets, a second or so per run.
import { fileURLToPath } from 'node:url';
import { DEFAULT_TUNING } from '../../src-main/core/index';
import { writeHerdChart } from '../herd-chart';
import { seededRandom } from '../../test/support/seeded-random';
import { BIN_MS, counterTrayPolicy, fixedPolicy, perSecond, simulateDrop, simulateMidnight } from '../herd-sim';
import type { HerdResult, Policy } from '../herd-sim';
import type { Row, ScenarioResult } from '../report';
import { percentile } from '../stats';

const SIZES = [10_000, 100_000];
const OUTAGE_MS = 60_000;
const HORIZON_MS = 400_000;
/** After a 60 s outage, the most arrivals the returning service may see in one second, as a share of N. */
const OUTAGE_PEAK_SHARE = 0.06;
const CHART = fileURLToPath(new URL('../herd-chart.svg', import.meta.url));

const policies = (seed: number): Policy[] => [
  counterTrayPolicy(DEFAULT_TUNING, seededRandom(seed)),
  fixedPolicy('HA-like (5 → 120 s, no jitter)', 5_000, 120_000),
  fixedPolicy('.NET-SDK-like (1 → 30 s, no jitter)', 1_000, 30_000),
];

interface Figures {
  peak: number;
  /** The busiest 100 ms, as a rate per second: a herd that lands in one millisecond shows here. */
  peak100ms: number;
  p99: number;
  allLiveAfterBackS: number;
  medianLiveAfterBackS: number;
  peakWhileDown: number;
}

/** Arrivals per second from the moment the service is back until every client is live. */
function figures(result: HerdResult, backMs: number): Figures {
  const seconds = perSecond(result.bins);
  const back = Math.floor(backMs / 1000);
  const last = Math.max(back + 1, Math.ceil(result.allLiveMs / 1000));
  const window = seconds.slice(back, last);
  const binsPerSecond = 1000 / BIN_MS;
  const bins = [...result.bins.slice(back * binsPerSecond, last * binsPerSecond)];
  return {
    peak: Math.max(0, ...window),
    peak100ms: Math.max(0, ...bins) * binsPerSecond,
    p99: percentile(window, 99),
    allLiveAfterBackS: Math.max(0, result.allLiveMs - backMs) / 1000,
    medianLiveAfterBackS: Math.max(0, result.medianLiveMs - backMs) / 1000,
    peakWhileDown: Math.max(0, ...seconds.slice(0, back)),
  };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const share = (n: number, clients: number) => `${((100 * n) / clients).toFixed(n / clients < 0.1 ? 1 : 0)} %`;

function describe(f: Figures, clients: number, withDown: boolean): string {
  const down = withDown ? ` · refused while down: peak ${count(f.peakWhileDown)}/s` : '';
  return `peak ${count(f.peak)}/s (${share(f.peak, clients)} of N; busiest 100 ms ${count(f.peak100ms)}/s) · p99 ${count(f.p99)}/s · live after back: median ${f.medianLiveAfterBackS.toFixed(1)} s, all ${f.allLiveAfterBackS.toFixed(1)} s${down}`;
}

export function runHerd(): ScenarioResult {
  const rows: Row[] = [];
  const data: Record<string, unknown> = {};
  const how =
    "each client replays LiveSocket's loop with the core's reconnectDelay() and DEFAULT_TUNING (others: fixed doubling, no jitter): every socket drops at 0, an upgrade per attempt (refused while down), then one list read; arrivals summed in 100 ms bins, reported per whole second from the service's return until the last client is live; seeded, no sockets";
  for (const clients of SIZES) {
    const events = [
      { key: 'outage', label: `Herd: ${OUTAGE_MS / 1000} s outage, N = ${count(clients)}`, downMs: OUTAGE_MS },
      { key: 'restart', label: `Herd: restart dropping every socket, N = ${count(clients)}`, downMs: 0 },
    ];
    for (const event of events) {
      const [ours, ...others] = policies(clients + event.downMs).map((policy) => ({ policy, result: simulateDrop(clients, policy, { downMs: event.downMs, horizonMs: HORIZON_MS }) }));
      const mine = figures(ours!.result, event.downMs);
      const theirs = others.map(({ policy, result }) => `${policy.name}: ${describe(figures(result, event.downMs), clients, false)}`);
      const isOutage = event.key === 'outage';
      rows.push({
        scenario: event.label,
        measure: 'service arrivals/s once it is back (upgrades + list reads)',
        app: describe(mine, clients, isOutage),
        naive: theirs.join('; '),
        ...(isOutage ? { target: `peak ≤ ${OUTAGE_PEAK_SHARE * 100} % of N per second`, met: mine.peak <= OUTAGE_PEAK_SHARE * clients } : {}),
        how,
      });
      data[`${event.key}-${clients}`] = { counterTray: mine, others: others.map(({ policy, result }) => ({ name: policy.name, ...figures(result, event.downMs) })) };
      if (isOutage && clients === SIZES.at(-1)) {
        writeHerdChart(
          CHART,
          `Arrivals at the service, ${count(clients)} clients, ${OUTAGE_MS / 1000} s outage`,
          [ours!, ...others].map(({ policy, result }, index) => ({ name: policy.name, colour: ['#1f6feb', '#d1242f', '#9a6700'][index]!, perSecond: perSecond(result.bins) })),
          180,
          { second: OUTAGE_MS / 1000, label: 'service back' },
        );
      }
    }
    // Midnight: before issue 18 every app of the zone read its list 1 s after midnight; now none does.
    const busiest = (offsetMs: number | undefined) => Math.max(0, ...perSecond(simulateMidnight(clients, offsetMs, 10_000).bins));
    const before = { peak: busiest(1_000) };
    const now = { peak: busiest(undefined) };
    rows.push({
      scenario: `Herd: local midnight in one zone, N = ${count(clients)}`,
      measure: 'service arrivals/s around midnight',
      app: `${count(now.peak)}/s (before issue 18: ${count(before.peak)}/s, every list read in the same second)`,
      naive: 'HA-like, .NET-SDK-like: 0/s (neither acts on midnight; their day values stay stale until their next poll or reconnect)',
      target: '0 requests',
      met: now.peak === 0,
      how: `day values recomputed locally at 00:00:00 (src-main/core/day-rollover.ts; tested on a fake clock: 0 requests); the "before" figure is the old resync at midnight + 1 s, ${BIN_MS} ms bins`,
    });
  }
  return { rows, data };
}
