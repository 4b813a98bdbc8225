// The herd bench (bench/herd-sim.ts) claims to replay LiveSocket's reconnect loop. Here
// both run on the same jitter draws: the real LiveSocket on a fake clock with sockets that
// refuse until the service is back, and the simulation's arithmetic. Same attempt times.
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { counterTrayPolicy, fixedPolicy, perSecond, simulateDrop, upgradeAttempts } from '../../bench/herd-sim';
import { seededRandom } from '../support/seeded-random';
import { LiveSocket } from '../../src-main/core/live-socket';
import { DEFAULT_TUNING } from '../../src-main/core/tuning';
import { FakeClock } from '../support/fake-clock';

/** The part of a `ws` socket LiveSocket touches; opens or fails on the next microtask. */
class StubSocket extends EventEmitter {
  readyState = 0;
  constructor(opens: boolean) {
    super();
    queueMicrotask(() => {
      if (opens) {
        this.readyState = 1;
        this.emit('open');
      } else this.emit('error', new Error('connect ECONNREFUSED'));
    });
  }
  drop(): void {
    this.readyState = 3;
    this.emit('close');
  }
  terminate(): void {
    this.readyState = 3;
  }
  ping(): void {}
}

async function liveSocketAttempts(seed: number, downMs: number): Promise<number[]> {
  const clock = new FakeClock(0);
  let serviceUpFrom = 0;
  const sockets: StubSocket[] = [];
  const attempts: number[] = [];
  let opened = 0;
  const socket = new LiveSocket({
    url: () => 'ws://service/v2/ws',
    headers: () => ({}),
    factory: () => {
      attempts.push(clock.now());
      const stub = new StubSocket(clock.now() >= serviceUpFrom);
      sockets.push(stub);
      return stub as unknown as WebSocket;
    },
    clock,
    tuning: { ...DEFAULT_TUNING, pingIntervalMs: 1e12, random: seededRandom(seed) },
    schedule: (task) => task() ?? Promise.resolve(undefined),
    handlers: { onOpen: () => (opened += 1), onFrame: () => {}, onDown: () => {}, onUnauthorized: () => {} },
  });
  socket.start();
  await clock.advance(0);
  expect(opened).toBe(1);
  serviceUpFrom = downMs; // every socket drops at 0; the service refuses until downMs
  attempts.length = 0;
  sockets.at(-1)!.drop();
  while (opened < 2) await clock.advanceTo(clock.nextAt!);
  socket.stop();
  return attempts;
}

describe('herd simulation (bench/herd-sim.ts)', () => {
  it.each([0, 2_000, 60_000])("replays LiveSocket's attempts exactly, on the same draws (service back after %i ms)", async (downMs) => {
    for (const seed of [1, 2, 3]) {
      const simulated = upgradeAttempts(counterTrayPolicy(DEFAULT_TUNING, seededRandom(seed)), { downMs, horizonMs: 1e9 });
      expect(await liveSocketAttempts(seed, downMs)).toEqual(simulated);
    }
  });

  it('fixed policies without jitter send the whole herd in the same instant', () => {
    const result = simulateDrop(1000, fixedPolicy('HA-like', 5_000, 120_000), { downMs: 60_000, horizonMs: 200_000 });
    expect(result.allLiveMs).toBe(75_000 + 40);
    expect(Math.max(...perSecond(result.bins))).toBe(2000); // 1000 upgrades and 1000 list reads in one second
  });
});
