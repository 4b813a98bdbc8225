// What a herd of clients does to the service, simulated: no sockets,
// time is arithmetic. Clients do not interact (the service is assumed to keep up), so
// each one's timeline is replayed on its own and its arrivals are summed into 100 ms bins.
//
// Every policy is played by the same client loop, the one LiveSocket runs: when its
// socket drops, wait `afterDrop(cause)`, try the upgrade (one arrival); refused while the
// service is down (wait `afterRefused()`, try again); once it opens, read the list (a
// second arrival) and it is live. Counter Tray's waits come from the core's own
// ReconnectBackoff with its tuning (test/main/core/herd-sim.test.ts shows a real LiveSocket
// makes the same attempts on the same draws); the others are the public clients' fixed
// doublings without jitter, which treat every drop alike.
import type { CoreTuning } from '../src-main/core/contract';
import { ReconnectBackoff } from '../src-main/core/reconnect-backoff';
import type { DropCause } from '../src-main/core/reconnect-backoff';

export const BIN_MS = 100;
/** Upgrade answered → list read sent; list answered → live. Loopback-like, so the backoff dominates. */
export const HOP_MS = 20;

/** One client's reconnect decisions. */
export interface ReconnectClient {
  /** Wait before the first attempt after the socket dropped for `cause`. */
  afterDrop(cause: DropCause): number;
  /** Wait before the next attempt after one was refused. */
  afterRefused(): number;
}

export interface Policy {
  name: string;
  client(): ReconnectClient;
}

export function counterTrayPolicy(tuning: Pick<CoreTuning, 'reconnectBaseMs' | 'reconnectCapMs' | 'restartWindowMs'>, random: () => number): Policy {
  const s = (ms: number) => ms / 1000;
  return {
    name: `Counter Tray (full jitter: lost ${s(tuning.reconnectBaseMs)}→${s(tuning.reconnectCapMs)} s, restart ${s(tuning.restartWindowMs)}→${s(tuning.reconnectCapMs)} s)`,
    client: () => {
      const backoff = new ReconnectBackoff({ ...tuning, random });
      return { afterDrop: (cause) => backoff.next(cause), afterRefused: () => backoff.next('attemptFailed') };
    },
  };
}

/** Fixed doubling without jitter: the HA integration (5 → 120 s) and the .NET SDK (1 → 30 s). */
export function fixedPolicy(name: string, baseMs: number, capMs: number): Policy {
  return {
    name,
    client: () => {
      let failures = 0;
      const wait = () => Math.min(capMs, baseMs * 2 ** Math.min(failures++, 30));
      return { afterDrop: wait, afterRefused: wait };
    },
  };
}

export interface HerdEvent {
  /** How every socket went at 0: a restart close from the server (1012/1001), or lost without one (a crash). */
  cause: DropCause;
  /** The service accepts again from `downMs`. */
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
  /** Time from the drop until 90 % of the clients are live again. */
  p90LiveMs: number;
}

/** One client's upgrade attempts after its socket dropped at 0; the last one opens (or passes the horizon). */
export function upgradeAttempts(client: ReconnectClient, event: HerdEvent): number[] {
  const attempts: number[] = [];
  let at = client.afterDrop(event.cause);
  attempts.push(at);
  // Refused while the service is down; the first attempt after it is back opens.
  while (at < event.downMs && at <= event.horizonMs) {
    at += client.afterRefused();
    attempts.push(at);
  }
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
    const attempts = upgradeAttempts(policy.client(), event);
    for (const at of attempts) arrive(at);
    const opened = attempts.at(-1) ?? 0;
    arrive(opened + HOP_MS); // the list read after the open
    live[client] = opened + 2 * HOP_MS;
  }
  live.sort();
  const at = (share: number) => live[Math.min(clients - 1, Math.floor(clients * share))] ?? 0;
  return { bins, allLiveMs: live[clients - 1] ?? 0, medianLiveMs: at(0.5), p90LiveMs: at(0.9) };
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
