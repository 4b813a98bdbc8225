// The herd bench (bench/herd-sim.ts) claims to replay LiveSocket's reconnect loop, for a
// server's restart close (1012 / 1001) and for a connection lost without one. Here both run
// on the same jitter draws: the real LiveSocket on a fake clock with sockets that refuse
// until the service is back, and the simulation's arithmetic. Same attempt times.
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import { describe, expect, it } from 'vitest';
import { counterTrayPolicy, fixedPolicy, perSecond, simulateDrop, upgradeAttempts } from '../../../bench/herd-sim';
import type { DropCause } from '../../../src-main/core/reconnect-backoff';
import { seededRandom } from '../../../dev-tools/support/seeded-random';
import { LiveSocket } from '../../../src-main/core/live-socket';
import { DEFAULT_TUNING } from '../../../src-main/core/tuning';
import { FakeClock } from '../../../dev-tools/support/fake-clock';

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
  /** The server closed it with `code`, or (1006) the connection went without a close frame. */
  drop(code: number): void {
    this.readyState = 3;
    this.emit('close', code, Buffer.alloc(0));
  }
  terminate(): void {
    this.readyState = 3;
  }
  ping(): void {}
}

async function liveSocketAttempts(seed: number, closeCode: number, downMs: number): Promise<number[]> {
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
  sockets.at(-1)!.drop(closeCode);
  while (opened < 2) await clock.advanceTo(clock.nextAt!);
  socket.stop();
  return attempts;
}

const CLOSES: [string, number, DropCause][] = [
  ['1012 Service Restart', 1012, 'serverRestart'],
  ['1001 Going Away', 1001, 'serverRestart'],
  ['no close frame (1006)', 1006, 'lost'],
];

describe('herd simulation (bench/herd-sim.ts)', () => {
  describe.each(CLOSES)("replays LiveSocket's attempts exactly, on the same draws: socket closed with %s", (_name, closeCode, cause) => {
    it.each([0, 2_000, 10_000, 60_000])('service back after %i ms', async (downMs) => {
      for (const seed of [1, 2, 3]) {
        const simulated = upgradeAttempts(counterTrayPolicy(DEFAULT_TUNING, seededRandom(seed)).client(), { cause, downMs, horizonMs: 1e9 });
        expect(await liveSocketAttempts(seed, closeCode, downMs)).toEqual(simulated);
      }
    });
  });

  it('negative control: a simulation that took every drop for a lost connection would not match a restart close', async () => {
    const live = await liveSocketAttempts(1, 1012, 0);
    const blind = upgradeAttempts(counterTrayPolicy(DEFAULT_TUNING, seededRandom(1)).client(), { cause: 'lost', downMs: 0, horizonMs: 1e9 });
    expect(blind).not.toEqual(live);
    expect(live[0]).toBeLessThan(DEFAULT_TUNING.restartWindowMs);
    expect(live[0]).toBeGreaterThanOrEqual(DEFAULT_TUNING.reconnectBaseMs); // this draw lands past the blip window: the cause changed the wait
  });

  it('fixed policies without jitter send the whole herd in the same instant, whatever the close', () => {
    for (const cause of ['serverRestart', 'lost'] as const) {
      const result = simulateDrop(1000, fixedPolicy('HA-like', 5_000, 120_000), { cause, downMs: 60_000, horizonMs: 200_000 });
      expect(result.allLiveMs).toBe(75_000 + 40);
      expect(Math.max(...perSecond(result.bins))).toBe(2000); // 1000 upgrades and 1000 list reads in one second
    }
  });
});
