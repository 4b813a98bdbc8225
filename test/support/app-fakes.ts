// Test doubles for the app layer: a CounterCore that behaves like the contract
// says (sync, snapshots, remote changes) without a network (the fake clock is dev-tools/support/fake-clock.ts).
import { CoreError, type ChangeOutcome, type CoreOptions, type CounterCore } from '../../src-main/core/contract';
import type { PatchBodyV2, CounterV2 } from '../../src-shared/api/schemas';
import type { CoreSnapshot, CounterState, RemoteChange } from '../../src-shared/domain/snapshot';
import { isDismissableFlag } from '../../src-shared/domain/counter-flags';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import type { AppState } from '../../src-shared/ipc/contract';

export const COFFEE_ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
export const TRIP_ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b14';

export function counter(id: string, name: string, value: number): CounterState {
  return { id, name, type: 'UpDown', value, pending: false, refused: {} };
}

export interface FakeServer {
  url: string;
  tokens: Set<string>;
  reachable: boolean;
  /** Echo this in 401 messages (a server that repeats the token it got). */
  echoTokenInErrors?: boolean;
  counters: CounterState[];
  /** When set, start() waits for it: a slow server, released by the test. */
  startGate?: Promise<void>;
}

export class FakeCore implements CounterCore {
  state: CoreSnapshot;
  readonly calls: string[] = [];
  started = false;
  stopped = false;
  private listeners = new Set<(s: CoreSnapshot) => void>();
  private remote = new Set<(c: RemoteChange) => void>();
  private outcomes = new Set<(o: ChangeOutcome) => void>();
  /** Clicks taken before the first sync (a launch still connecting), applied when it succeeds. */
  private readonly early = new Map<string, number>();

  constructor(
    readonly options: CoreOptions,
    private readonly server: FakeServer,
  ) {
    this.state = { connection: { status: 'idle' }, counters: [], stats: { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 }, outbox: { clicks: 0 } };
  }

  async start(): Promise<void> {
    this.calls.push('start');
    if (this.server.startGate) await this.server.startGate;
    if (!this.options.baseUrl.startsWith(this.server.url) || !this.server.reachable) {
      throw new CoreError('network', 'connect ECONNREFUSED 127.0.0.1');
    }
    if (!this.server.tokens.has(this.options.token)) {
      throw new CoreError('unauthorized', this.server.echoTokenInErrors ? `bad token ${this.options.token}` : 'Unauthorized', 401);
    }
    this.started = true;
    const counters = structuredClone(this.server.counters).map((c) => ({ ...c, value: c.value + (this.early.get(c.id) ?? 0) }));
    this.early.clear();
    this.publish({ ...this.state, connection: { status: 'live' }, counters });
  }
  async stop(): Promise<void> {
    this.calls.push('stop');
    this.stopped = true;
  }
  snapshot(): CoreSnapshot {
    return this.state;
  }
  subscribe(listener: (s: CoreSnapshot) => void): () => void {
    this.listeners.add(listener);
    return () => void this.listeners.delete(listener);
  }
  onRemoteChange(listener: (c: RemoteChange) => void): () => void {
    this.remote.add(listener);
    return () => void this.remote.delete(listener);
  }
  onChangeOutcome(listener: (o: ChangeOutcome) => void): () => void {
    this.outcomes.add(listener);
    return () => void this.outcomes.delete(listener);
  }
  emitOutcome(outcome: ChangeOutcome): void {
    for (const listener of this.outcomes) listener(outcome);
  }
  increment(id: string, amount = 1): void {
    this.calls.push(`increment ${id} ${amount}`);
    this.bump(id, amount);
  }
  decrement(id: string, amount = 1): void {
    this.calls.push(`decrement ${id} ${amount}`);
    this.bump(id, -amount);
  }
  undo(id: string, amount: number): { withdrawn: number; opposite: number } {
    this.calls.push(`undo ${id} ${amount}`);
    this.bump(id, -amount);
    return { withdrawn: 0, opposite: -amount };
  }
  async saved(): Promise<boolean> {
    return true;
  }
  localDelta(id: string): number {
    return this.early.get(id) ?? 0;
  }
  waitingClicks(id: string): number {
    return Math.abs(this.early.get(id) ?? 0);
  }
  retryNow(): void {
    this.calls.push('retryNow');
  }
  async update(id: string, patch: PatchBodyV2): Promise<CounterV2> {
    this.calls.push(`update ${id} ${JSON.stringify(patch)}`);
    const found = this.state.counters.find((c) => c.id === id);
    if (!found) throw new CoreError('notFound', 'Counter not found', 404, -1100);
    if (patch.name !== undefined && patch.name.length < 5) throw new CoreError('badRequest', 'Name must be 5 to 40 characters', 400);
    return { id, name: patch.name ?? found.name, type: found.type, value: found.value, created: '2026-01-01T00:00:00Z', startDate: undefined, endDate: undefined };
  }
  async settled(): Promise<void> {}
  dismissError(id: string): void {
    this.calls.push(`dismissError ${id}`);
    this.publish({ ...this.state, counters: this.state.counters.map((c) => (c.id === id && c.error && isDismissableFlag(c.error.kind) ? { ...c, error: undefined } : c)) });
  }
  resolveUnconfirmed(id: string, choice: 'resend' | 'keep'): void {
    this.calls.push(`resolveUnconfirmed ${id} ${choice}`);
    this.publish({ ...this.state, counters: this.state.counters.map((c) => (c.id === id && c.error?.kind === 'unconfirmed' ? { ...c, error: undefined } : c)) });
  }
  notifyResume(): void {
    this.calls.push('notifyResume');
  }
  setTimezone(timezone: string): void {
    this.calls.push(`setTimezone ${timezone}`);
  }

  publish(next: CoreSnapshot): void {
    this.state = next;
    for (const listener of this.listeners) listener(next);
  }
  emitRemote(change: RemoteChange): void {
    for (const listener of this.remote) listener(change);
  }
  private bump(id: string, delta: number): void {
    if (!this.started) this.early.set(id, (this.early.get(id) ?? 0) + delta);
    this.publish({ ...this.state, counters: this.state.counters.map((c) => (c.id === id ? { ...c, value: c.value + delta } : c)) });
  }
}

export function fakeCoreFactory(server: FakeServer) {
  const cores: FakeCore[] = [];
  const factory = (options: CoreOptions) => {
    const core = new FakeCore(options, server);
    cores.push(core);
    return core;
  };
  return { factory, cores, last: () => cores.at(-1) };
}

export async function flushMicrotasks(): Promise<void> {
  for (let i = 0; i < 20; i += 1) await Promise.resolve();
}

/** A signed-in AppState with the given counters and pins. */
export function signedInState(counters: CounterState[], pinned: string[], overrides: Partial<AppState> = {}): AppState {
  return {
    session: { status: 'signedIn', mode: 'account', serverUrl: 'https://developers.counttogether.app', tokenStorage: 'encrypted', encryptionWeak: false },
    core: { connection: { status: 'live' }, counters, stats: { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 }, outbox: { clicks: 0 } },
    settings: { ...DEFAULT_SETTINGS, pinned },
    shortcutFailures: [],
    theme: 'dark',
    platform: 'linux',
    systemTimezone: 'Europe/Berlin',
    locale: { language: 'en', formats: 'en-US', system: 'en' },
    activity: { today: {}, undo: null },
    lastKnown: null,
    ask: null,
    revision: 1,
    ...overrides,
  };
}
