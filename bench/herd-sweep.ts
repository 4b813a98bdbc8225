// Why the reconnect numbers are what they are (src-main/core/README.md, "Reconnect policy
// numbers"): the herd simulation of bench/herd-sim.ts for other values of
// `restartWindowMs` and `reconnectCapMs`, the core's own ReconnectBackoff each time.
//   npx tsx bench/herd-sweep.ts     # about a minute; a markdown table on stdout
import { DEFAULT_TUNING } from '../src-main/core/tuning';
import type { DropCause } from '../src-main/core/reconnect-backoff';
import { seededRandom } from '../dev-tools/support/seeded-random';
import { counterTrayPolicy, perSecond, simulateDrop } from './herd-sim';

const CLIENTS = 100_000;
const EVENTS: { label: string; cause: DropCause; downMs: number }[] = [
  { label: 'restart, back at once', cause: 'serverRestart', downMs: 0 },
  { label: 'restart, back after 10 s', cause: 'serverRestart', downMs: 10_000 },
  { label: '60 s outage after a restart close', cause: 'serverRestart', downMs: 60_000 },
  { label: '60 s outage (crash)', cause: 'lost', downMs: 60_000 },
  { label: '5 min outage (crash)', cause: 'lost', downMs: 300_000 },
];
const OPTIONS = [
  { restartWindowMs: 20_000, reconnectCapMs: 75_000 },
  { restartWindowMs: 25_000, reconnectCapMs: 60_000 },
  { restartWindowMs: 25_000, reconnectCapMs: 75_000 },
  { restartWindowMs: 30_000, reconnectCapMs: 75_000 },
  { restartWindowMs: 25_000, reconnectCapMs: 90_000 },
];

const lines = [`| restart window / cap | ${EVENTS.map((e) => e.label).join(' | ')} |`, `|---|${EVENTS.map(() => '---').join('|')}|`];
for (const option of OPTIONS) {
  const tuning = { ...DEFAULT_TUNING, ...option };
  const cells = EVENTS.map((event) => {
    const result = simulateDrop(CLIENTS, counterTrayPolicy(tuning, seededRandom(CLIENTS + event.downMs)), { ...event, horizonMs: 900_000 });
    const peak = Math.max(...perSecond(result.bins).slice(Math.floor(event.downMs / 1000)));
    return `${((100 * peak) / CLIENTS).toFixed(1)} %/s, median ${((result.medianLiveMs - event.downMs) / 1000).toFixed(1)} s`;
  });
  lines.push(`| ${option.restartWindowMs / 1000} s / ${option.reconnectCapMs / 1000} s | ${cells.join(' | ')} |`);
}
process.stdout.write(`Peak arrivals per second (share of N = ${CLIENTS.toLocaleString('en-US')}) once the service is back; median client live after it is back.\n\n${lines.join('\n')}\n`);
