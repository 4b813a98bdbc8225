// When the live socket tries again (src-main/core/reconnect-backoff.ts), on a fixed random
// (0.5: half of each ceiling): a drop of our own comes back fast, a server's restart close
// spreads the herd over the restart window, a refused first attempt after it over the whole
// cap, and the failure count lasts until a socket stayed healthy.
import { describe, expect, it } from 'vitest';
import { ReconnectBackoff } from '../../../src-main/core/reconnect-backoff';
import { DEFAULT_TUNING } from '../../../src-main/core/tuning';

const { reconnectBaseMs: BASE, reconnectCapMs: CAP, restartWindowMs: WINDOW } = DEFAULT_TUNING;
const backoff = () => new ReconnectBackoff({ ...DEFAULT_TUNING, random: () => 0.5 });

describe('reconnect backoff', () => {
  it('a lost connection backs off from the base, doubling to the cap', () => {
    const b = backoff();
    const waits = Array.from({ length: 8 }, () => b.next('lost'));
    expect(waits).toEqual([BASE, 2 * BASE, 4 * BASE, 8 * BASE, 16 * BASE, 32 * BASE, CAP, CAP].map((ceiling) => Math.min(ceiling, CAP) / 2));
  });

  it('a restart close spreads the first attempt over the restart window; a refused one over the whole cap, until a socket opens', () => {
    const b = backoff();
    expect(b.next('serverRestart')).toBe(WINDOW / 2);
    expect(b.next('attemptFailed')).toBe(CAP / 2);
    expect(b.next('attemptFailed')).toBe(CAP / 2);
    b.opened();
    expect(b.next('attemptFailed')).toBe((8 * BASE) / 2); // the restart is over: our own backoff, the count still running
  });

  it('a lost connection right after a restart close comes back fast: it is our own network, not the restart', () => {
    const b = backoff();
    expect(b.next('serverRestart')).toBe(WINDOW / 2);
    expect(b.next('lost')).toBe((2 * BASE) / 2);
    expect(b.next('attemptFailed')).toBe((4 * BASE) / 2); // and a failed attempt after it is not a refused restart either
  });

  it('counts drops and failed attempts until a socket stayed healthy; a socket that only opened does not reset it', () => {
    const b = backoff();
    b.next('lost');
    b.next('attemptFailed');
    b.opened();
    expect(b.failuresInARow).toBe(2);
    b.next('serverRestart');
    expect(b.failuresInARow).toBe(3);
    b.healthy();
    expect(b.failuresInARow).toBe(0);
    expect(b.next('lost')).toBe(BASE / 2);
  });

  it('never waits less than a Retry-After', () => {
    const b = backoff();
    expect(b.next('lost', 10_000)).toBe(10_000);
    expect(b.next('serverRestart', 1)).toBe(WINDOW / 2);
  });

  it('issue 11 case 9 (traffic-liveness.test.ts): a Retry-After is a floor under the jittered reconnect delay', () => {
    const tuning = { ...DEFAULT_TUNING, random: () => 0.5 };
    expect(new ReconnectBackoff(tuning).next('lost')).toBe(DEFAULT_TUNING.reconnectBaseMs / 2);
    expect(new ReconnectBackoff(tuning).next('lost', 10_000)).toBe(10_000);
    const b = new ReconnectBackoff(tuning);
    for (let failures = 0; failures < 10; failures += 1) b.next('attemptFailed');
    expect(b.next('attemptFailed')).toBe(DEFAULT_TUNING.reconnectCapMs / 2);
  });
});
