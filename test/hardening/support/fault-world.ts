// The system under the model-based test: the reference service, the loopback fault
// proxy in front of it, and a sync core for Ada talking through the proxy with a
// PendingStore that outlives the core (quits and restarts). It keeps the ledger the
// final judgement needs: every click the user made, every change another user made,
// every change the core flagged as unconfirmed, and every fault injected.
import { startCounterService } from '../../../src-service/index';
import type { CounterService, VariantInput } from '../../../src-service/index';
import { createCounterCore, createMemoryStore } from '../../../src-main/core/index';
import type { CoreTuning, CounterCore } from '../../../src-main/core/index';
import type { CoreSnapshot } from '../../../src-shared/domain/snapshot';
import { FaultProxy } from '../../support/fault-proxy';
import { SHARED, USERS, fixtures } from '../../support/core-harness';
import { envInt, pause, within } from './knobs';

/**
 * The counters the model clicks: shared UpAndDown counters that Alan changes too. Four by
 * default, so four lost answers at once can occupy every rate slot (that wedged the core
 * until its reconcile moved out of the slot). HARDENING_MODEL_COUNTERS changes it.
 */
export const MODEL_COUNTERS = SHARED.slice(0, envInt('HARDENING_MODEL_COUNTERS', 4));

/** Requests of the "other client with the same token" go here, so they can be told apart in the log. */
export const STORM_PATH = '/v2/counters/019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0fff';

export type FaultName = 'drop' | 'halfOpen' | 'blackhole' | 'dropResponses' | 'refuse' | 'slow' | 'suspend' | 'storm' | 'restart';

const REQUEST_TIMEOUT_MS = 1_200;
/** Rate window plus the core's safety margin and some slack. */
const RELAUNCH_GAP_MS = 1_100;

export class FaultWorld {
  readonly store = createMemoryStore();
  core: CounterCore | undefined;
  /** The background start of the current core (it retries until the network lets it). */
  private starting: Promise<void> | undefined;
  private stopping = false;
  private generation = 0;
  private lastStopAt = 0;
  suspended = false;
  readonly initial = new Map<string, number>();
  /** Net clicks the user made on a counter the core showed. */
  readonly clicks = new Map<string, number>();
  /** How many click calls reached the core. */
  clickCount = 0;
  /** Net changes Alan made that the server confirmed with 200. */
  readonly others = new Map<string, number>();
  /** Every 'unconfirmed' change the core reported, as signed amounts, per counter. */
  readonly unconfirmed = new Map<string, number[]>();
  readonly faults = new Map<FaultName, number>();
  commands = 0;
  private unsubscribe: (() => void) | undefined;

  private constructor(
    readonly service: CounterService,
    readonly proxy: FaultProxy,
    private readonly tuning: Partial<CoreTuning>,
  ) {
    for (const id of MODEL_COUNTERS) this.initial.set(id, this.serverValue(id));
  }

  static async create(variant: VariantInput, random: () => number): Promise<FaultWorld> {
    const service = await startCounterService({ port: 0, fixtures: fixtures(), variant });
    const proxy = await FaultProxy.start(service.port);
    const tuning: Partial<CoreTuning> = {
      reconnectBaseMs: 50,
      reconnectCapMs: 400,
      restartWindowMs: 200,
      rateLimitBackoffBaseMs: 200,
      rateLimitBackoffCapMs: 2_000,
      pingIntervalMs: 1_000,
      pongTimeoutMs: 1_500,
      random,
    };
    const world = new FaultWorld(service, proxy, tuning);
    world.launchCore();
    await within(world.starting!, 10_000, 'the first start of the core');
    return world;
  }

  serverValue(id: string): number {
    const value = this.service.getCounter(id)?.value;
    if (value === undefined) throw new Error(`the service has no value for ${id}`);
    return value;
  }

  fault(name: FaultName): void {
    this.events.push({ at: Date.now(), what: name });
    this.faults.set(name, (this.faults.get(name) ?? 0) + 1);
  }

  snapshot(): CoreSnapshot | undefined {
    return this.core?.snapshot();
  }

  /** A new core over the same store; it keeps trying to start while the network is down. */
  launchCore(): void {
    const generation = ++this.generation;
    const current = () => generation === this.generation && !this.stopping;
    const attempt = async (): Promise<void> => {
      while (current()) {
        // A relaunch takes longer than the rate window (Electron alone needs seconds), and a
        // fresh core cannot know what its predecessor sent: keep launches a window apart.
        await pause(Math.max(0, this.lastStopAt + RELAUNCH_GAP_MS - Date.now()));
        if (!current()) return;
        const core = createCounterCore({
          baseUrl: this.proxy.url,
          token: USERS.ada.token,
          timezone: 'Europe/Berlin',
          store: this.store,
          requestTimeoutMs: REQUEST_TIMEOUT_MS,
          tuning: this.tuning,
        });
        this.watch(core);
        this.core = core;
        try {
          await core.start();
          return;
        } catch {
          // Offline at launch: the app retries; so do we.
          await this.stopCore(core);
        }
      }
    };
    this.starting = attempt();
  }

  /** Quit (stop persists the ledger) and launch again with the same store, even mid-start. */
  async restartCore(): Promise<void> {
    const previous = this.starting;
    this.generation += 1; // the running start loop gives up after its current attempt
    if (this.core) await this.stopCore(this.core);
    await previous;
    this.launchCore();
  }

  private async stopCore(core: CounterCore): Promise<void> {
    await core.stop();
    this.lastStopAt = Date.now();
  }

  /** Ends every fault and waits until the core runs, has sent everything and shows the server's values. */
  async heal(): Promise<CoreSnapshot> {
    this.proxy.mode = 'pass';
    this.proxy.delayMs = 0;
    if (this.suspended) await this.service.resume();
    this.suspended = false;
    await within(this.starting ?? Promise.resolve(), 20_000, 'the core to start after healing');
    const core = this.core!;
    await within(core.settled(), 20_000, `the core to settle; last snapshot ${JSON.stringify(core.snapshot())}`);
    return within(this.converged(core), 20_000, `the core to converge; last snapshot ${JSON.stringify(core.snapshot())}`);
  }

  private converged(core: CounterCore): Promise<CoreSnapshot> {
    const matches = (snapshot: CoreSnapshot) =>
      snapshot.connection.status === 'live' &&
      snapshot.counters.length === fixtures().counters.filter((c) => c.members.some((m) => m.userId === USERS.ada.id)).length &&
      snapshot.counters.every((c) => !c.pending && (c.type !== 'UpDown' || c.value === this.service.getCounter(c.id)?.value));
    return new Promise((resolve) => {
      if (matches(core.snapshot())) return resolve(core.snapshot());
      const unsubscribe = core.subscribe((snapshot) => {
        if (!matches(snapshot)) return;
        unsubscribe();
        resolve(snapshot);
      });
      // Alan's last change may be on its way as a notification; a resync settles it too.
      core.notifyResume();
    });
  }

  async close(): Promise<void> {
    this.stopping = true;
    await this.starting?.catch(() => undefined);
    this.unsubscribe?.();
    await this.core?.stop();
    await this.proxy.close();
    await this.service.close();
  }

  /** Collects every change the core reported 'unconfirmed' (onChangeOutcome), with its signed amount. */
  private watch(core: CounterCore): void {
    this.unsubscribe?.();
    this.unsubscribe = core.onChangeOutcome(({ counterId, amount, outcome }) => {
      if (outcome === 'unconfirmed') this.unconfirmed.set(counterId, [...(this.unconfirmed.get(counterId) ?? []), amount]);
    });
  }

  /** The busiest rolling 1000 ms of the core's (not the storm client's) requests, by the server's log. */
  corePeakPerSecond(): { count: number; window: string[] } {
    const entries = this.service.requestLog.filter((entry) => entry.userId === USERS.ada.id && entry.path !== STORM_PATH).sort((a, b) => a.at - b.at);
    let best = { count: 0, first: 0, last: -1 };
    let first = 0;
    for (let last = 0; last < entries.length; last += 1) {
      while (entries[last]!.at - entries[first]!.at >= 1000) first += 1;
      if (last - first + 1 > best.count) best = { count: last - first + 1, first, last };
    }
    const window = entries.slice(best.first, best.last + 1).map((e) => `${e.at % 100_000} ${e.method} ${e.path} ${e.status}`);
    return { count: best.count, window: [...window, ...this.events.filter((e) => e.at >= (entries[best.first]?.at ?? 0) - 1000 && e.at <= (entries[best.last]?.at ?? 0)).map((e) => `${e.at % 100_000} event ${e.what}`)] };
  }

  /** Test-side events with their time, to explain a failure. */
  readonly events: { at: number; what: string }[] = [];
}

/** Can `difference` be explained by some of the flagged changes not having been applied? */
export function explainedByUnconfirmed(difference: number, flagged: readonly number[]): boolean {
  let reachable = new Set<number>([0]);
  for (const amount of flagged) reachable = new Set([...reachable, ...[...reachable].map((sum) => sum - amount)]);
  return reachable.has(difference);
}
