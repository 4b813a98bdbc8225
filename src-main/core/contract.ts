// The sync core's public contract: the app, the harness, benchmarks and tests code against it.
import type { WebSocket } from 'ws';
import type { CounterV2, PatchBodyV2 } from '../../src-shared/api/schemas';
import type { CoreSnapshot, RemoteChange, UnconfirmedChoice } from '../../src-shared/domain/snapshot';
import type { DayWatch } from './midnight';
import type { Clock } from './clock';

export type { UnconfirmedChoice };
export type { Clock } from './clock';
export { realClock } from './clock';

/** Where the ledger's document outlives a crash. `load` is untrusted (undefined: nothing saved); `save` resolves once durable. */
export interface PendingStore {
  load(): Promise<unknown>;
  save(value: unknown): Promise<void>;
}

export type WebSocketFactory = (url: string, options: { headers: Record<string, string> }) => WebSocket;

export interface CoreOptions {
  baseUrl: string;
  token: string;
  timezone?: string;
  fetch?: typeof fetch;
  webSocket?: WebSocketFactory;
  clock?: Clock;
  /** The app's one day watch (same zone), so day counters turn with every "today" figure; a core alone keeps its own. */
  days?: DayWatch;
  store?: PendingStore;
  /** For reads; a change unanswered after it shows "still sending…" and is waited for. */
  requestTimeoutMs?: number;
  /** How long a change is waited for before its answer counts as lost; default 6 × requestTimeoutMs. */
  mutationTimeoutMs?: number;
  /** A line about data the core set aside or corrected; never the token. */
  log?: (message: string) => void;
  /** Tests shorten them; defaults: DEFAULT_TUNING in tuning.ts. */
  tuning?: Partial<CoreTuning>;
}

export interface CoreTuning {
  /** Pacing: at most this many requests (WebSocket upgrades included) ... */
  maxRequestsPerWindow: number;
  /** ... in any rolling window of this many ms ... */
  rateWindowMs: number;
  /** ... widened by this margin, because the server measures arrival, not send, times. */
  rateSafetyMarginMs: number;
  pingIntervalMs: number;
  pongTimeoutMs: number;
  reconnectBaseMs: number;
  reconnectCapMs: number;
  /** Open this long, a socket is healthy: the reconnect backoff starts afresh. */
  reconnectHealthyMs: number;
  /** After a restart close (1012, 1001, 1013) the first attempt is uniform in [0, this). */
  restartWindowMs: number;
  /** Full jitter after a 429 without Retry-After. */
  rateLimitBackoffBaseMs: number;
  rateLimitBackoffCapMs: number;
  /** A longer Retry-After is cut to this (a 30-day answer must not park the app for a month). */
  retryAfterCapMs: number;
  /** Uniform [0, 1); tests make jitter reproducible. */
  random: () => number;
  /** A longer REST answer is abandoned unread: a server must not fill main's memory. */
  maxAnswerBytes: number;
  /** A longer WebSocket frame closes the socket (ws `maxPayload`, default 100 MiB). */
  maxFrameBytes: number;
}

export type CoreErrorKind =
  | 'unauthorized'
  | 'forbidden'
  | 'notFound'
  | 'invalidAmount'
  | 'invalidOperation'
  | 'badRequest'
  | 'rateLimited'
  | 'network'
  | 'timeout'
  | 'badResponse'
  | 'server';

export class CoreError extends Error {
  constructor(
    readonly kind: CoreErrorKind,
    message: string,
    readonly status?: number,
    readonly code?: number,
  ) {
    super(message);
    this.name = 'CoreError';
  }
}

export type EditedField = 'name' | 'value' | 'startDate' | 'endDate';

/** What became of one of our changes, whatever path it took (README.md, "What becomes of a change"); `amount` is signed. */
export type ChangeOutcome = {
  readonly counterId: string;
  readonly amount: number;
  readonly outcome: 'applied' | 'refused' | 'unconfirmed' | 'resent' | 'kept' | 'withdrawn' | 'dropped' | 'edited';
  readonly at: number;
  /** 'edited' only: the fields set, the value replaced and the value after. */
  readonly edit?: { readonly fields: readonly EditedField[]; readonly from: number; readonly to: number };
};

/** Where the core stands: `start()` moves idle → starting → running; a refused token and `stop()` end it. */
export type Phase = 'idle' | 'starting' | 'running' | 'unauthorized' | 'stopped';

export interface CounterCore {
  /** Resolves after the first full sync; rejects with a CoreError. */
  start(): Promise<void>;
  /** No timer or socket is left behind. */
  stop(): Promise<void>;
  snapshot(): CoreSnapshot;
  /** One snapshot per burst of changes; an unchanged counter is the very object it was. */
  subscribe(listener: (snapshot: CoreSnapshot) => void): () => void;
  onRemoteChange(listener: (change: RemoteChange) => void): () => void;
  onChangeOutcome(listener: (outcome: ChangeOutcome) => void): () => void;
  /** Shown at once, sent paced; before the first list a click on a counter not listed yet is kept (then sent, or 'dropped'). */
  increment(id: string, amount?: number): void;
  decrement(id: string, amount?: number): void;
  /** Takes back the latest own clicks netting to `amount`: unsent ones withdrawn (no request), the rest by the opposite change. */
  undo(id: string, amount: number): { withdrawn: number; opposite: number };
  /** True once every click so far is durable; false when the store failed (the clicks are still sent). */
  saved(): Promise<boolean>;
  /** The net, and the number, of own clicks the server has not confirmed (unsent or on the wire). */
  localDelta(id: string): number;
  waitingClicks(id: string): number;
  /** PATCH; rejects with a CoreError carrying the server's message. */
  update(id: string, patch: PatchBodyV2): Promise<CounterV2>;
  /** Only the kinds `isDismissableFlag` allows ('rejected'). */
  dismissError(id: string): void;
  /** The user's answer to a "could not confirm" flag, the only thing that decides it. */
  resolveUnconfirmed(id: string, choice: UnconfirmedChoice): void;
  settled(): Promise<void>;
  notifyResume(): void;
  /** Skips a wait the core chose itself (reconnect, resync retry, a send after no connection); never a 429's pause. */
  retryNow(): void;
  setTimezone(timezone: string): void;
}
