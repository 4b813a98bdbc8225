// The real clock and the reconnect delay (cases 8 and 9 of traffic-liveness.test.ts).
import { describe, expect, it } from 'vitest';
import { ReconnectBackoff } from '../../../src-main/core/reconnect-backoff';
import { DEFAULT_TUNING } from '../../../src-main/core/tuning';
import { MAX_TIMER_MS, realClock } from '../../../src-main/core/clock';

describe('tuning', () => {
  it('issue 11 case 8: a timer longer than 2^31−1 ms does not fire at once (Node would run it after 1 ms)', async () => {
    let fired = false;
    const handle = realClock.setTimeout(() => (fired = true), 30 * 86_400_000);
    await new Promise((resolve) => setTimeout(resolve, 20)); // well past the 1 ms an overflowing timer waits
    realClock.clearTimeout(handle);
    expect(fired).toBe(false);
    expect(MAX_TIMER_MS).toBe(2_147_483_647);
  });

  it('issue 11 case 9: a Retry-After is a floor under the jittered reconnect delay', () => {
    const tuning = { ...DEFAULT_TUNING, random: () => 0.5 };
    expect(new ReconnectBackoff(tuning).next('lost')).toBe(DEFAULT_TUNING.reconnectBaseMs / 2);
    expect(new ReconnectBackoff(tuning).next('lost', 10_000)).toBe(10_000);
    const backoff = new ReconnectBackoff(tuning);
    for (let failures = 0; failures < 10; failures += 1) backoff.next('attemptFailed');
    expect(backoff.next('attemptFailed')).toBe(DEFAULT_TUNING.reconnectCapMs / 2);
  });
});
