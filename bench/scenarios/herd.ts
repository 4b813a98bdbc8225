// Scenario 7, herd: what N Counter Trays do to the service through a
// restart that closes every socket with 1012, a 60 s outage (begun by a crash, or by a
// stop that said 1001), and a crash the service comes straight back from, side by side
// with clients that retry like the public HA integration and .NET SDK; and what one
// client's own network blip costs it. Simulated (bench/herd-sim.ts): the core's own
// ReconnectBackoff, no sockets, a few seconds per run.
import { fileURLToPath } from 'node:url';
import { DEFAULT_TUNING } from '../../src-main/core/index';
import type { DropCause } from '../../src-main/core/reconnect-backoff';
import { writeHerdChart } from '../herd-chart';
import type { Panel } from '../herd-chart';
import { seededRandom } from '../../dev-tools/support/seeded-random';
import { BIN_MS, HOP_MS, counterTrayPolicy, fixedPolicy, perSecond, simulateDrop } from '../herd-sim';
import type { HerdResult, Policy } from '../herd-sim';
import type { Row, ScenarioResult } from '../report';
import { percentile } from '../stats';

const SIZES = [10_000, 100_000];
const HORIZON_MS = 600_000;
/** The herd's bounds (bench/README.md), as a share of N per second and in seconds. */
const RESTART_PEAK_SHARE = 0.1;
const RESTART_MEDIAN_S = 15;
const OUTAGE_PEAK_SHARE = 0.06;
const BLIP_MEDIAN_S = 2;
const CHART = fileURLToPath(new URL('../herd-chart.svg', import.meta.url));
const COLOURS = ['#1f6feb', '#d1242f', '#9a6700'];

const policies = (seed: number): Policy[] => [
  counterTrayPolicy(DEFAULT_TUNING, seededRandom(seed)),
  fixedPolicy('HA-like (5 → 120 s, no jitter)', 5_000, 120_000),
  fixedPolicy('.NET-SDK-like (1 → 30 s, no jitter)', 1_000, 30_000),
];

interface HerdCase {
  key: string;
  label: (clients: string) => string;
  cause: DropCause;
  downMs: number;
  target?: (f: Figures, clients: number) => { text: string; met: boolean };
}

const CASES: HerdCase[] = [
  {
    key: 'restart',
    label: (n) => `Herd: server restart (every socket closed with 1012), back at once, N = ${n}`,
    cause: 'serverRestart',
    downMs: 0,
    target: (f, clients) => ({
      text: `peak ≤ ${RESTART_PEAK_SHARE * 100} % of N per second, median live ≤ ${RESTART_MEDIAN_S} s`,
      met: f.peak <= RESTART_PEAK_SHARE * clients && f.medianLiveAfterBackS <= RESTART_MEDIAN_S,
    }),
  },
  { key: 'restart-10s', label: (n) => `Herd: server restart (1012) that takes 10 s (attempts refused meanwhile), N = ${n}`, cause: 'serverRestart', downMs: 10_000 },
  {
    key: 'outage',
    label: (n) => `Herd: 60 s outage begun by a crash (no close frame), N = ${n}`,
    cause: 'lost',
    downMs: 60_000,
    target: (f, clients) => ({ text: `peak ≤ ${OUTAGE_PEAK_SHARE * 100} % of N per second`, met: f.peak <= OUTAGE_PEAK_SHARE * clients }),
  },
  {
    key: 'outage-stop',
    label: (n) => `Herd: 60 s outage begun by a stop (every socket closed with 1001), N = ${n}`,
    cause: 'serverRestart',
    downMs: 60_000,
    target: (f, clients) => ({ text: `peak ≤ ${OUTAGE_PEAK_SHARE * 100} % of N per second`, met: f.peak <= OUTAGE_PEAK_SHARE * clients }),
  },
  { key: 'crash', label: (n) => `Herd: crash (no close frame), back at once: every client takes it for its own blip, N = ${n}`, cause: 'lost', downMs: 0 },
];

interface Figures {
  peak: number;
  /** The busiest 100 ms, as a rate per second: a herd that lands in one millisecond shows here. */
  peak100ms: number;
  p99: number;
  allLiveAfterBackS: number;
  medianLiveAfterBackS: number;
  p90LiveAfterBackS: number;
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
  const after = (ms: number) => Math.max(0, ms - backMs) / 1000;
  return {
    peak: Math.max(0, ...window),
    peak100ms: Math.max(0, ...bins) * binsPerSecond,
    p99: percentile(window, 99),
    allLiveAfterBackS: after(result.allLiveMs),
    medianLiveAfterBackS: after(result.medianLiveMs),
    p90LiveAfterBackS: after(result.p90LiveMs),
    peakWhileDown: Math.max(0, ...seconds.slice(0, back)),
  };
}

const count = (n: number) => Math.round(n).toLocaleString('en-US');
const share = (n: number, clients: number) => `${((100 * n) / clients).toFixed(n / clients < 0.1 ? 1 : 0)} %`;

function describe(f: Figures, clients: number, withDown: boolean): string {
  const down = withDown ? ` · refused while down: peak ${count(f.peakWhileDown)}/s` : '';
  return `peak ${count(f.peak)}/s (${share(f.peak, clients)} of N; busiest 100 ms ${count(f.peak100ms)}/s) · p99 ${count(f.p99)}/s · live after back: median ${f.medianLiveAfterBackS.toFixed(1)} s, all ${f.allLiveAfterBackS.toFixed(1)} s${down}`;
}

const HOW =
  "each client replays LiveSocket's loop with the core's own ReconnectBackoff and DEFAULT_TUNING (others: fixed doubling, no jitter, every drop alike): every socket goes at 0 the way the row says, an upgrade per attempt (refused while down), then one list read; arrivals summed in 100 ms bins, reported per whole second from the service's return until the last client is live; seeded, no sockets; test/main/core/herd-sim.test.ts shows a real LiveSocket makes the same attempts on the same draws";

export function runHerd(): ScenarioResult {
  const rows: Row[] = [];
  const data: Record<string, unknown> = {};
  const panels: Panel[] = [];
  for (const clients of SIZES) {
    for (const herd of CASES) {
      const [ours, ...others] = policies(clients + herd.downMs).map((policy) => ({
        policy,
        result: simulateDrop(clients, policy, { cause: herd.cause, downMs: herd.downMs, horizonMs: HORIZON_MS }),
      }));
      const mine = figures(ours!.result, herd.downMs);
      const theirs = others.map(({ policy, result }) => `${policy.name}: ${describe(figures(result, herd.downMs), clients, false)}`);
      const target = herd.target?.(mine, clients);
      rows.push({
        scenario: herd.label(count(clients)),
        measure: 'service arrivals/s once it is back (upgrades + list reads)',
        app: describe(mine, clients, herd.downMs > 0),
        naive: theirs.join('; '),
        ...(target ? { target: target.text, met: target.met } : {}),
        how: HOW,
      });
      data[`${herd.key}-${clients}`] = { counterTray: mine, others: others.map(({ policy, result }) => ({ name: policy.name, ...figures(result, herd.downMs) })) };
      const chartOf = clients === SIZES.at(-1) && { restart: 'restart (every socket closed with 1012), service back at once', outage: '60 s outage begun by a crash' }[herd.key];
      if (chartOf) {
        panels.push({
          title: chartOf,
          seconds: herd.downMs > 0 ? 180 : 60,
          series: [ours!, ...others].map(({ policy, result }, index) => ({ name: policy.name, colour: COLOURS[index]!, perSecond: perSecond(result.bins) })),
          ...(herd.downMs > 0 ? { markAt: { second: herd.downMs / 1000, label: 'service back' } } : {}),
        });
      }
    }
  }
  writeHerdChart(CHART, `Arrivals per second at the service, ${count(SIZES.at(-1)!)} clients`, panels);
  rows.push(blipRow(data));
  return { rows, data };
}

/** One client's own network blip: its socket lost without a close frame, the service up. Many draws of the same client. */
function blipRow(data: Record<string, unknown>): Row {
  const draws = 100_000;
  const [ours, ...others] = policies(7).map((policy) => ({ policy, f: figures(simulateDrop(draws, policy, { cause: 'lost', downMs: 0, horizonMs: HORIZON_MS }), 0) }));
  const f = ours!.f;
  data.blip = { draws, medianLiveS: f.medianLiveAfterBackS, p90LiveS: f.p90LiveAfterBackS, others: others.map(({ policy, f: theirs }) => ({ name: policy.name, medianLiveS: theirs.medianLiveAfterBackS })) };
  return {
    scenario: "Network blip: one client's connection lost (error, ping timeout, no close frame), service up",
    measure: 'lost → live again (upgrade + list)',
    app: `median ${f.medianLiveAfterBackS.toFixed(2)} s, p90 ${f.p90LiveAfterBackS.toFixed(2)} s, max ${f.allLiveAfterBackS.toFixed(2)} s`,
    naive: others.map(({ policy, f: theirs }) => `${policy.name}: ${theirs.medianLiveAfterBackS.toFixed(2)} s`).join('; '),
    target: `median ≤ ${BLIP_MEDIAN_S} s`,
    met: f.medianLiveAfterBackS <= BLIP_MEDIAN_S,
    how: `the herd simulation's client, ${count(draws)} independent draws of ReconnectBackoff after a 'lost' drop with the service answering; ${HOP_MS} ms per hop (upgrade, list); the same wait with real sockets is the recovery row`,
  };
}
