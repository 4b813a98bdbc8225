// The real clock (src-main/core/clock.ts): a timer past what Node can hold is cut, not fired at once
// (case 8 of traffic-liveness.test.ts).
import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS, realClock } from '../../../src-main/core/clock';

describe('realClock', () => {
  it('issue 11 case 8: a timer longer than 2^31−1 ms does not fire at once (Node would run it after 1 ms)', async () => {
    let fired = false;
    const handle = realClock.setTimeout(() => (fired = true), 30 * 86_400_000);
    await new Promise((resolve) => setTimeout(resolve, 20)); // well past the 1 ms an overflowing timer waits
    realClock.clearTimeout(handle);
    expect(fired).toBe(false);
    expect(MAX_TIMER_MS).toBe(2_147_483_647);
  });
});
