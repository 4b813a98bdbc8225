// The sync core's public contract. Tests, benchmarks, the Electron shell and the browser
// harness all code against this; keep it stable.
// Electron-free: runs in plain Node.
import type { WebSocket } from 'ws';
import type { CounterV2, PatchBodyV2 } from '../../src-shared/api/schemas';
import type { CoreSnapshot, RemoteChange, UnconfirmedChoice } from '../../src-shared/domain/snapshot';
import type { DayWatch } from './midnight';
import type { Clock } from './real-clock';

export type { UnconfirmedChoice };
export type { Clock } from './real-clock';
export { realClock } from './real-clock';

/**
 * Where the ledger keeps its one document (pending-ledger.ts's PendingDocument) across a
 * quit or crash: a durable file per account in the app, memory in tests. `load` answers
 * what was saved (undefined: nothing), untrusted: the ledger re-validates it every time.
 * `save` resolves only once the document is durable; a click is acknowledged after it.
 */
export interface PendingStore {
  load(): Promise<unknown>;
  save(value: unknown): Promise<void>;
}

/** The subset of the `ws` WebSocket class the core needs; injectable for tests. */
export type WebSocketFactory = (url: string, options: { headers: Record<string, string> }) => WebSocket;

export interface CoreOptions {
  baseUrl: string;
  token: string;
  /** IANA zone; defaults to the system zone. */
  timezone?: string;
  fetch?: typeof fetch;
  webSocket?: WebSocketFactory;
  clock?: Clock;
  /** What day it is: the app's one watch (in the same zone), so day counters turn with every other "today" figure; a core alone keeps its own. */
  days?: DayWatch;
  store?: PendingStore;
  /**
   * Per-request timeout in ms for reads. A change still unanswered after it is shown as
   * "still sending…" and waited for, not abandoned (a mutation is never re-sent blindly).
   */
  requestTimeoutMs?: number;
  /** How long a change (POST, PATCH) is waited for before its answer counts as lost and it is flagged; default 6 × requestTimeoutMs. */
  mutationTimeoutMs?: number;
  /** Where the core writes a line about data it set aside or corrected (an unreadable list item, a day value the server put right); never carries the token. */
  log?: (message: string) => void;
  /** Timings and limits; tests shorten them. Defaults: DEFAULT_TUNING in tuning.ts. */
  tuning?: Partial<CoreTuning>;
}

/** Every timing and limit the core uses, in one place. */
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
  /** A socket counts as healthy (the reconnect backoff starts afresh) only after it stayed open this long. */
  reconnectHealthyMs: number;
  /** After the server closed the socket for a restart (1012, 1001, 1013): the first attempt is uniform in [0, this), doubling while refused. */
  restartWindowMs: number;
  /** Full-jitter backoff after a 429 that carried no Retry-After. */
  rateLimitBackoffBaseMs: number;
  rateLimitBackoffCapMs: number;
  /** A Retry-After longer than this is cut to it (a 30-day answer must not park the app for a month, nor overflow a timer). */
  retryAfterCapMs: number;
  /** Uniform [0, 1); injectable so jitter is reproducible in tests. */
  random: () => number;
  /** A REST answer longer than this is abandoned unread: a server must not fill main's memory. */
  maxAnswerBytes: number;
  /** A WebSocket frame longer than this closes the socket (ws `maxPayload`; its default is 100 MiB). */
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

/** Every failure the core reports is one of these, carrying the server's message and code when there was one. */
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

/** A field our own PATCH set. */
export type EditedField = 'name' | 'value' | 'startDate' | 'endDate';

/**
 * What became of one of our own changes, whatever path it took (docs/api.md R1; the activity
 * record and the undo offer read it), reported to every listener, also those that subscribe
 * after a start-up that already reported some. `amount` is the signed net change the outcome is about.
 * 'applied': the server confirmed it; 'refused': a 400/403/404 undid it; 'unconfirmed':
 * flagged "could not confirm"; 'resent' / 'kept': the user's choice on an unconfirmed change;
 * 'withdrawn': an undo took back clicks before they were sent (no request); 'dropped':
 * unsent clicks on a counter that is no longer listed for this account (nothing sent);
 * 'edited': our PATCH, placed in the server's order (`edit` says what it replaced).
 */
export type ChangeOutcome = {
  readonly counterId: string;
  readonly amount: number;
  readonly outcome: 'applied' | 'refused' | 'unconfirmed' | 'resent' | 'kept' | 'withdrawn' | 'dropped' | 'edited';
  /** ms since epoch, from the core's clock. */
  readonly at: number;
  /** 'edited' only: the fields set, the value the server replaced and the value after. */
  readonly edit?: { readonly fields: readonly EditedField[]; readonly from: number; readonly to: number };
};

export interface CounterCore {
  /** Resolves after the first full sync; rejects with a CoreError (e.g. unauthorized, network). */
  start(): Promise<void>;
  /** Closes everything; no timers or sockets left behind. */
  stop(): Promise<void>;
  snapshot(): CoreSnapshot;
  /** Each published snapshot (one per burst of changes); an unchanged counter is the very object it was. */
  subscribe(listener: (snapshot: CoreSnapshot) => void): () => void;
  /** Changes this client did not make. */
  onRemoteChange(listener: (change: RemoteChange) => void): () => void;
  /** The outcome of each of our own changes; returns the unsubscribe function. */
  onChangeOutcome(listener: (outcome: ChangeOutcome) => void): () => void;
  /**
   * Apply at once, return immediately; the core sends coalesced requests. Before the first
   * sync (a launch still connecting) a click on a counter the core has not listed yet is
   * kept too: the first list sends it, or reports it 'dropped' when the counter is gone.
   */
  increment(id: string, amount?: number): void;
  decrement(id: string, amount?: number): void;
  /**
   * Takes back the latest own clicks netting to `amount` (an undo offer): those not sent
   * yet are withdrawn (no request; reported 'withdrawn'), the rest gets the opposite change,
   * paced and judged like a click. Answers both parts.
   */
  undo(id: string, amount: number): { withdrawn: number; opposite: number };
  /** Resolves true once every click so far is durable in the store; false when the store failed (the clicks are still sent). */
  saved(): Promise<boolean>;
  /** The net of own clicks on this counter the server has not confirmed (unsent or on the wire). */
  localDelta(id: string): number;
  /** How many own clicks on this counter the server has not confirmed (unsent or on the wire). */
  waitingClicks(id: string): number;
  /** PATCH; resolves with the updated counter, rejects with a CoreError carrying the server's message. */
  update(id: string, patch: PatchBodyV2): Promise<CounterV2>;
  /** The user dismisses a counter's flag; only the kinds `isDismissableFlag` allows ('rejected'). */
  dismissError(id: string): void;
  /**
   * The user's answer to a "could not confirm" flag: 'resend' sends the lost changes again
   * (reported 'resent'), 'keep' keeps the server's value (reported 'kept'). Nothing else decides it.
   */
  resolveUnconfirmed(id: string, choice: UnconfirmedChoice): void;
  /** Resolves when nothing is pending or in flight. */
  settled(): Promise<void>;
  notifyResume(): void;
  /**
   * "Retry now": skips a wait the core chose itself (the socket's reconnect backoff, a failed
   * resync's retry, a send waiting after a connection that never opened). A try under way
   * goes on; a 429's pause is kept. Never adds requests beyond the pacing.
   */
  retryNow(): void;
  setTimezone(timezone: string): void;
}
