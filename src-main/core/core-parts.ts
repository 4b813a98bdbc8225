// The core's named parts, built in one place. Each module takes the parts it needs
// (`Pick<CoreParts, ...>`) and reaches the others only through them, at call time: the
// settings (clock, tuning, log, status) are set first, and no part touches another while
// the parts are being built, so the order below is only the order of construction.
import type { ConnectionState, CoreStats } from '../../src-shared/domain/snapshot';
import type { ApiClient } from './api-client';
import { createApiClient } from './api-client';
import { ChangeSender } from './change-sender';
import { OutcomeJudge } from './change-outcomes';
import type { Clock, CoreOptions, CoreTuning, WebSocketFactory } from './contract';
import { CoreError } from './contract';
import { CounterTable } from './counter-table';
import { Lifecycle } from './lifecycle';
import type { Phase } from './lifecycle';
import { LiveSocket } from './live-socket';
import { LiveSync } from './live-sync';
import { createMemoryStore } from './memory-store';
import { DayWatch, isValidTimeZone, systemTimeZone } from './midnight';
import { OwnWindow } from './own-window';
import { PendingLedger } from './pending-ledger';
import { Publisher } from './publisher';
import { RateScheduler } from './rate-scheduler';
import { realClock } from './real-clock';
import { DEFAULT_REQUEST_TIMEOUT_MS, DEFAULT_TUNING, MUTATION_DEADLINE_FACTOR } from './tuning';

/** What the default WebSocket factory is built with: a handshake deadline and the frame cap. */
export interface DefaultSocketLimits {
  handshakeTimeoutMs: number;
  maxFrameBytes: number;
}

/** Where the core stands; `Lifecycle` moves the phase and the connection. */
export interface CoreStatus {
  phase: Phase;
  timezone: string;
  connection: ConnectionState;
  readonly stats: CoreStats;
}

export class CoreParts {
  readonly clock: Clock;
  readonly tuning: CoreTuning;
  readonly log: (message: string) => void;
  /** A change on the wire longer than this shows "still sending…"; reads time out after it. */
  readonly requestTimeoutMs: number;
  readonly status: CoreStatus;
  /** What day it is (options.days, the app's, or the core's own, stopped with it: `ownDays`). */
  readonly days: DayWatch;
  readonly ownDays: boolean;
  /** start, stop, the first sync, a refused token. */
  readonly lifecycle: Lifecycle;
  /** Snapshots, remote changes, change outcomes, `settled()`. */
  readonly events: Publisher;
  readonly api: ApiClient;
  readonly scheduler: RateScheduler;
  /** The one ledger of own changes. */
  readonly ledger: PendingLedger;
  /** The counters as the server has them; the one owner of their records. */
  readonly table: CounterTable;
  readonly own: OwnWindow;
  readonly live: LiveSync;
  readonly socket: LiveSocket;
  readonly judge: OutcomeJudge;
  readonly sender: ChangeSender;

  constructor(options: CoreOptions, defaultWebSocket: (limits: DefaultSocketLimits) => WebSocketFactory) {
    this.clock = options.clock ?? realClock;
    this.tuning = { ...DEFAULT_TUNING, ...options.tuning };
    this.log = options.log ?? (() => undefined);
    this.requestTimeoutMs = options.requestTimeoutMs ?? DEFAULT_REQUEST_TIMEOUT_MS;
    const timezone = options.timezone ?? systemTimeZone();
    if (!isValidTimeZone(timezone)) throw new CoreError('badRequest', `Unknown timezone "${timezone}"`);
    this.status = { phase: 'idle', timezone, connection: { status: 'idle' }, stats: { requests: 0, rateLimited: 0, notifications: 0, ignoredFrames: 0, resyncs: 0 } };
    this.ownDays = options.days === undefined;
    this.days = options.days ?? new DayWatch(this.clock, () => this.status.timezone);
    this.lifecycle = new Lifecycle(this);
    this.events = new Publisher(this);
    this.api = createApiClient({
      baseUrl: options.baseUrl,
      token: options.token,
      fetch: options.fetch ?? globalThis.fetch,
      clock: this.clock,
      timeoutMs: this.requestTimeoutMs,
      mutationTimeoutMs: options.mutationTimeoutMs ?? this.requestTimeoutMs * MUTATION_DEADLINE_FACTOR,
      shutdown: this.lifecycle.shutdown,
      maxAnswerBytes: this.tuning.maxAnswerBytes,
    });
    this.scheduler = new RateScheduler(this.clock, this.tuning, {
      onSent: () => (this.status.stats.requests += 1),
      onRateLimited: () => {
        this.status.stats.rateLimited += 1;
        this.events.changed();
      },
      onResumed: () => this.events.changed(),
    });
    this.ledger = new PendingLedger(options.store ?? createMemoryStore(), this.log);
    this.table = new CounterTable();
    this.own = new OwnWindow(this);
    this.live = new LiveSync(this);
    this.socket = new LiveSocket({
      url: () => this.api.webSocketUrl(this.status.timezone),
      headers: () => this.api.authHeaders(),
      factory: options.webSocket ?? defaultWebSocket({ handshakeTimeoutMs: this.requestTimeoutMs, maxFrameBytes: this.tuning.maxFrameBytes }),
      clock: this.clock,
      tuning: this.tuning,
      // A 429 on the upgrade delays the socket only (its own backoff); REST goes on.
      schedule: (task) => this.scheduler.run('background', task, { rateLimited: 'reject' }),
      handlers: this.live,
    });
    this.judge = new OutcomeJudge(this);
    this.sender = new ChangeSender(this);
  }
}
