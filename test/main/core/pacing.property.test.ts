// Issue Tests §6: a property test of pacing and coalescing. Random click timelines on a
// fake clock never exceed 4 requests in any rolling second, and what is sent adds up to
// exactly what was clicked, per counter.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createCounterCore } from '../../../src-main/core/index';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { fakeService } from '../../support/fake-service';

const IDS = ['019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0d01', '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0d02', '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0d03'];

function mostInAnySecond(times: number[]): number {
  const sorted = [...times].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < sorted.length; last += 1) {
    while (sorted[last]! - sorted[first]! >= 1000) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

async function runUntil(clock: FakeClock, done: () => boolean, stepMs = 50, limit = 4000): Promise<void> {
  for (let step = 0; !done() && step < limit; step += 1) await clock.advance(stepMs);
  if (!done()) throw new Error('did not finish in fake time');
}

const click = fc.record({
  gapMs: fc.integer({ min: 0, max: 400 }),
  counter: fc.integer({ min: 0, max: IDS.length - 1 }),
  sign: fc.constantFrom(1, -1),
  amount: fc.integer({ min: 1, max: 3 }),
});

describe('pacing and coalescing (property)', () => {
  it('never more than 4 requests in any rolling second; sent amounts sum to the clicks', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(click, { minLength: 1, maxLength: 80 }), fc.integer({ min: 0, max: 300 }), async (clicks, latencyMs) => {
        const clock = new FakeClock(0);
        const service = fakeService(clock, IDS, latencyMs);
        const core = createCounterCore({ baseUrl: 'http://fake.invalid', token: 't', timezone: 'UTC', clock, fetch: service.fetch, webSocket: service.webSocket });
        let started = false;
        void core.start().then(() => (started = true));
        await runUntil(clock, () => started);

        const clicked = new Map(IDS.map((id) => [id, 0]));
        for (const { gapMs, counter, sign, amount } of clicks) {
          await clock.advance(gapMs);
          const id = IDS[counter]!;
          if (sign > 0) core.increment(id, amount);
          else core.decrement(id, amount);
          clicked.set(id, clicked.get(id)! + sign * amount);
        }
        let settled = false;
        void core.settled().then(() => (settled = true));
        await runUntil(clock, () => settled);

        expect(mostInAnySecond(service.sendTimes)).toBeLessThanOrEqual(4);
        for (const id of IDS) {
          const sent = service.applied.get(id)!;
          expect(sent.reduce((sum, delta) => sum + delta, 0)).toBe(clicked.get(id));
          expect(sent.every((delta) => delta !== 0)).toBe(true); // a net change of 0 sends nothing
          expect(core.snapshot().counters.find((c) => c.id === id)?.value).toBe(clicked.get(id));
        }
        await core.stop();
        expect(clock.pending).toBe(0);
      }),
      { numRuns: 40 },
    );
  }, 60_000);
});
