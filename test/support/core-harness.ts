// Shared setup for the sync-core tests: fixtures with a few users and counters, a
// reference service on 127.0.0.1:0, cores that are stopped after each test, and
// helpers that await snapshots instead of sleeping.
import { afterEach } from 'vitest';
import { startCounterService } from '../../src-service/index';
import type { CounterService, FixturesFile, VariantInput } from '../../src-service/index';
import { createCounterCore, createMemoryStore } from '../../src-main/core/index';
import type { CoreOptions, CounterCore } from '../../src-main/core/index';
import type { CoreSnapshot, CounterState } from '../../src-shared/domain/snapshot';

const userId = (n: number) => `0b9a6c1e-6f0e-4a59-9d61-1f7d3c1c2a${String(n).padStart(2, '0')}`;
const counterId = (n: number) => `019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0c${String(n).padStart(2, '0')}`;

export const USERS = {
  ada: { id: userId(1), token: 'ada-token' },
  alan: { id: userId(2), token: 'alan-token' },
  grace: { id: userId(3), token: 'grace-token' },
} as const;

/** Ten shared UpDown counters (value 100 + n), then one of each other kind. */
export const SHARED = Array.from({ length: 10 }, (_, n) => counterId(n + 1));
export const ONLY_UP = counterId(20);
export const ONLY_DOWN = counterId(21);
export const FROM_DATE = counterId(22);
export const TO_DATE = counterId(23);
export const ADA_ONLY = counterId(24);

const everyone = [
  { userId: USERS.ada.id, isAdmin: true },
  { userId: USERS.alan.id, isAdmin: false },
  { userId: USERS.grace.id, isAdmin: false },
];

export function fixtures(): FixturesFile {
  return {
    users: [
      { id: USERS.ada.id, displayName: 'Ada Lovelace', token: USERS.ada.token },
      { id: USERS.alan.id, displayName: 'Alan Turing', token: USERS.alan.token },
      { id: USERS.grace.id, displayName: 'Grace Hopper', token: USERS.grace.token },
    ],
    counters: [
      ...SHARED.map((id, n) => ({ id, name: `Shared counter ${n + 1}`, type: 'UpDown' as const, value: 100 + n, created: '2026-01-05T09:00:00Z', members: everyone })),
      { id: ONLY_UP, name: 'Push-ups', type: 'UpDown', value: 40, mode: 'OnlyUp', created: '2026-01-05T09:00:00Z', members: everyone },
      { id: ONLY_DOWN, name: 'Cookies left', type: 'UpDown', value: 12, mode: 'OnlyDown', created: '2026-01-05T09:00:00Z', members: everyone },
      { id: FROM_DATE, name: 'Since we moved in', type: 'FromDate', startDate: '2024-02-29', created: '2024-02-29T18:30:00Z', members: everyone },
      { id: TO_DATE, name: 'Until the trip', type: 'ToDate', endDate: '2027-03-01', created: '2026-10-01T12:00:00Z', members: everyone },
      { id: ADA_ONLY, name: "Ada's private count", type: 'UpDown', value: 5, created: '2026-01-05T09:00:00Z', members: [{ userId: USERS.ada.id, isAdmin: true }] },
    ],
  };
}

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});
export function onCleanup(cleanup: () => Promise<void>): void {
  cleanups.push(cleanup);
}

export async function startService(options: { variant?: VariantInput; now?: () => number; fixtures?: FixturesFile } = {}): Promise<CounterService> {
  const service = await startCounterService({ port: 0, fixtures: options.fixtures ?? fixtures(), variant: options.variant, now: options.now });
  onCleanup(() => service.close());
  return service;
}

/** Test timings: fast reconnects, and the pacing margin the real app uses. */
export const FAST = { reconnectBaseMs: 50, reconnectCapMs: 400, restartWindowMs: 200, rateLimitBackoffBaseMs: 200 } as const;

export function makeCore(baseUrl: string, token: string, options: Partial<CoreOptions> = {}): CounterCore {
  const core = createCounterCore({ baseUrl, token, timezone: 'Europe/Berlin', store: createMemoryStore(), ...options, tuning: { ...FAST, ...options.tuning } });
  onCleanup(() => core.stop());
  return core;
}

export async function startCore(baseUrl: string, token: string, options: Partial<CoreOptions> = {}): Promise<CounterCore> {
  const core = makeCore(baseUrl, token, options);
  await core.start();
  return core;
}

/** Resolves with the first snapshot that satisfies `predicate` (the current one included). */
export function until(core: CounterCore, predicate: (snapshot: CoreSnapshot) => boolean, timeoutMs = 10_000, what = 'condition'): Promise<CoreSnapshot> {
  return new Promise((resolve, reject) => {
    const now = core.snapshot();
    if (predicate(now)) return resolve(now);
    let last = now;
    const timer = setTimeout(() => {
      unsubscribe();
      reject(new Error(`Timed out waiting for ${what}; last snapshot: ${JSON.stringify(last)}`));
    }, timeoutMs);
    const unsubscribe = core.subscribe((snapshot) => {
      last = snapshot;
      if (!predicate(snapshot)) return;
      clearTimeout(timer);
      unsubscribe();
      resolve(snapshot);
    });
  });
}

export function counter(snapshot: CoreSnapshot, id: string): CounterState | undefined {
  return snapshot.counters.find((c) => c.id === id);
}

export function valueOf(core: CounterCore, id: string): number | undefined {
  return counter(core.snapshot(), id)?.value;
}

export function serverValue(service: CounterService, id: string): number {
  const record = service.getCounter(id);
  if (!record || record.type !== 'UpDown' || record.value === undefined) throw new Error(`no UpDown counter ${id}`);
  return record.value;
}

/** The most requests one user made in any rolling `windowMs` (by the server's clock). */
export function maxInWindow(service: CounterService, userId: string, windowMs = 1000): number {
  return mostInWindow(service.requestLog.filter((entry) => entry.userId === userId).map((entry) => entry.at), windowMs);
}

/** The most of these moments (ms) in any rolling `windowMs`. */
export function mostInWindow(moments: readonly number[], windowMs = 1000): number {
  const times = [...moments].sort((a, b) => a - b);
  let most = 0;
  let first = 0;
  for (let last = 0; last < times.length; last += 1) {
    while (times[last]! - times[first]! >= windowMs) first += 1;
    most = Math.max(most, last - first + 1);
  }
  return most;
}

export function rateLimitedCount(service: CounterService, userId: string): number {
  return service.requestLog.filter((entry) => entry.userId === userId && entry.status === 429).length;
}

/** User input at human pace: the scenario needs clicks spread over real time. */
export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
