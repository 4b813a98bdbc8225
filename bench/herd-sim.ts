// What a herd of clients does to the service (issue 18), simulated: no sockets, time is
// arithmetic. Clients do not interact (the service is assumed to keep up), so each one's
// timeline is replayed on its own and its arrivals are summed into 100 ms bins.
//
// Every policy is played by the same client loop, the one LiveSocket runs: when its
// socket drops, wait `delay(failures)`, try the upgrade (one arrival); refused while the
// service is down (failures + 1, wait again); once it opens, read the list (a second
// arrival) and it is live. Counter Tray's delay is the core's own `reconnectDelay()` with
// its tuning; the others are the public clients' fixed doublings without jitter.
import { reconnectDelay } from '../src-main/core/tuning';
import type { CoreTuning } from '../src-main/core/contract';

export const BIN_MS = 100;
/** Upgrade answered → list read sent; list answered → live. Loopback-like, so the backoff dominates. */
const HOP_MS = 20;

export interface Policy {
  name: string;
  /** Wait before the next attempt after `failures` failures in a row (0: the socket just dropped). */
  delay(failures: number): number;
}

export function counterTrayPolicy(tuning: Pick<CoreTuning, 'reconnectBaseMs' | 'reconnectCapMs'>, random: () => number): Policy {
  const name = `Counter Tray (full jitter ${tuning.reconnectBaseMs / 1000}→${tuning.reconnectCapMs / 1000} s)`;
  return { name, delay: (failures) => reconnectDelay(failures, { ...tuning, random }) };
}

/** Fixed doubling without jitter: the HA integration (5 → 120 s) and the .NET SDK (1 → 30 s). */
export function fixedPolicy(name: string, baseMs: number, capMs: number): Policy {
  return { name, delay: (failures) => Math.min(capMs, baseMs * 2 ** Math.min(failures, 30)) };
}

export interface HerdEvent {
  /** Every socket drops at 0; the service accepts again from `downMs`. */
  downMs: number;
  /** How long to simulate. */
  horizonMs: number;
}

export interface HerdResult {
  /** Arrivals (upgrade attempts, refused ones included, and list reads) per 100 ms bin from the drop. */
  bins: Uint32Array;
  /** Time from the drop until the last client is live again. */
  allLiveMs: number;
  /** Time from the drop until the median client is live again. */
  medianLiveMs: number;
}

/** One client's upgrade attempts after every socket dropped at 0; the last one opens (or passes the horizon). */
export function upgradeAttempts(policy: Policy, event: HerdEvent): number[] {
  const attempts: number[] = [];
  let at = 0;
  let failures = 0;
  do {
    at += policy.delay(failures++);
    attempts.push(at); // refused while the service is down; the first one after it is back opens
  } while (at < event.downMs && at <= event.horizonMs);
  return attempts;
}

export function simulateDrop(clients: number, policy: Policy, event: HerdEvent): HerdResult {
  const bins = new Uint32Array(Math.ceil(event.horizonMs / BIN_MS));
  const arrive = (at: number) => {
    const bin = Math.floor(at / BIN_MS);
    if (bin < bins.length) bins[bin]! += 1;
  };
  const live = new Float64Array(clients);
  for (let client = 0; client < clients; client += 1) {
    const attempts = upgradeAttempts(policy, event);
    for (const at of attempts) arrive(at);
    const opened = attempts.at(-1) ?? 0;
    arrive(opened + HOP_MS); // the list read after the open
    live[client] = opened + 2 * HOP_MS;
  }
  live.sort();
  return { bins, allLiveMs: live[clients - 1] ?? 0, medianLiveMs: live[Math.floor(clients / 2)] ?? 0 };
}

/** Every client reads its list `offsetMs` after the same local midnight (what the core did before issue 18). */
export function simulateMidnight(clients: number, offsetMs: number | undefined, horizonMs: number): HerdResult {
  const bins = new Uint32Array(Math.ceil(horizonMs / BIN_MS));
  if (offsetMs !== undefined) bins[Math.floor(offsetMs / BIN_MS)] = clients;
  return { bins, allLiveMs: 0, medianLiveMs: 0 };
}

/** Arrivals per whole second from the event (bins summed by ten). */
export function perSecond(bins: Uint32Array): number[] {
  const seconds: number[] = [];
  for (let start = 0; start < bins.length; start += 1000 / BIN_MS) {
    let sum = 0;
    for (let bin = start; bin < Math.min(bins.length, start + 1000 / BIN_MS); bin += 1) sum += bins[bin]!;
    seconds.push(sum);
  }
  return seconds;
}

