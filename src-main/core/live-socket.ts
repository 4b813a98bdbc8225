// The notification socket and its frames (docs/api.md §6; README.md, "Traffic and liveness").
import type { IncomingMessage } from 'node:http';
import type { RawData, WebSocket } from 'ws';
import type { Clock, CoreTuning, WebSocketFactory } from './contract';
import { CoreError } from './contract';
import { RateLimitedError, describe, isCoreError, isRateLimited, parseRetryAfter } from './errors';
import { ReconnectBackoff, dropCauseOf } from './reconnect-backoff';
import type { DropCause } from './reconnect-backoff';
import { CounterRefParams, CounterUpdatedParamsV2, JsonRpcNotification } from '../../src-shared/api/schemas';
import type { CounterUpdatedParamsV2 as CounterUpdated } from '../../src-shared/api/schemas';
import { TEXT_LIMITS, type ServerTextCleaner } from '../../src-shared/text/server-text';

export interface SocketHandlers {
  onOpen(): void;
  onFrame(data: RawData, isBinary: boolean): void;
  /** Closed or could not connect; the next attempt is at `nextAttemptAt`. */
  onDown(reason: string, nextAttemptAt: number, failures: number): void;
  onUnauthorized(message: string): void;
}

interface LiveSocketOptions {
  url: () => string;
  headers: () => Record<string, string>;
  factory: WebSocketFactory;
  clock: Clock;
  tuning: Pick<CoreTuning, 'pingIntervalMs' | 'pongTimeoutMs' | 'reconnectBaseMs' | 'reconnectCapMs' | 'reconnectHealthyMs' | 'restartWindowMs' | 'retryAfterCapMs' | 'random'>;
  schedule: (task: () => Promise<void> | undefined) => Promise<void | undefined>;
  handlers: SocketHandlers;
}

export class LiveSocket {
  private ws: WebSocket | undefined;
  private handshaking: WebSocket | undefined;
  private generation = 0;
  private readonly backoff: ReconnectBackoff;
  private stopped = true;
  private reconnectTimer: unknown;
  /** The last upgrade's Retry-After: no attempt before it, whatever the user presses. */
  private notBefore = 0;
  private pingTimer: unknown;
  private pongTimer: unknown;
  private healthyTimer: unknown;

  constructor(private readonly options: LiveSocketOptions) {
    this.backoff = new ReconnectBackoff(options.tuning);
  }

  start(): void {
    this.stopped = false;
    this.connect();
  }

  stop(): void {
    this.stopped = true;
    this.generation += 1;
    this.clearTimers();
    this.drop();
  }

  /** A new zone, a wake from sleep. */
  reconnectNow(reason: string): void {
    if (this.stopped) return;
    this.drop();
    // Not live until the new socket is open and synced: said now, not when the attempt fails.
    this.options.handlers.onDown(reason, this.options.clock.now(), this.backoff.failuresInARow);
    this.connect();
  }

  /** A socket waiting out its backoff connects at once (never before a Retry-After). */
  retryNow(): void {
    if (this.stopped || this.reconnectTimer === undefined || this.options.clock.now() < this.notBefore) return;
    this.clearTimer('reconnectTimer');
    this.connect();
  }

  private connect(): void {
    if (this.stopped) return;
    this.clearTimers();
    const generation = ++this.generation;
    this.options
      .schedule(() => (generation === this.generation && !this.stopped ? this.open(generation) : undefined))
      .catch((error: unknown) => {
        if (generation !== this.generation || this.stopped) return;
        if (isCoreError(error) && error.kind === 'unauthorized') {
          this.stopped = true;
          this.options.handlers.onUnauthorized(error.message);
          return;
        }
        const retryAfter = isRateLimited(error) ? error.retryAfterMs : undefined;
        this.down(describe(error), 'attemptFailed', Math.min(retryAfter ?? 0, this.options.tuning.retryAfterCapMs));
      });
  }

  private open(generation: number): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let ws: WebSocket;
      try {
        ws = this.options.factory(this.options.url(), { headers: this.options.headers() });
      } catch (error) {
        reject(new CoreError('network', `Could not open the live connection: ${describe(error)}`));
        return;
      }
      this.handshaking = ws;
      let settled = false;
      let opened = false;
      const fail = (error: CoreError) => {
        if (this.handshaking === ws) this.handshaking = undefined;
        if (settled) return;
        settled = true;
        reject(error);
      };
      ws.on('unexpected-response', (_request, response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        response.resume();
        fail(upgradeError(status, response.headers['retry-after'], this.options.clock.now()));
        ws.terminate();
      });
      ws.on('error', (error) => fail(new CoreError('network', `Live connection failed: ${error.message}`)));
      ws.on('open', () => {
        if (this.handshaking === ws) this.handshaking = undefined;
        settled = true;
        opened = true;
        resolve();
        if (generation !== this.generation || this.stopped) {
          ws.terminate();
          return;
        }
        this.ws = ws;
        this.backoff.opened();
        this.schedulePing(ws);
        this.healthyTimer = this.options.clock.setTimeout(() => {
          this.healthyTimer = undefined;
          if (this.ws === ws) this.backoff.healthy();
        }, this.options.tuning.reconnectHealthyMs);
        this.options.handlers.onOpen();
      });
      ws.on('close', (code: number) => {
        if (!opened) fail(new CoreError('network', 'The live connection closed during the upgrade'));
        else if (dropCauseOf(code) === 'serverRestart') this.closed(ws, `The server closed the live connection for a restart (${code})`, 'serverRestart');
        else this.closed(ws, `The live connection closed (${code})`, 'lost');
      });
      ws.on('message', (data, isBinary) => {
        if (this.ws === ws) this.options.handlers.onFrame(data, isBinary);
      });
      ws.on('pong', () => {
        if (this.ws !== ws) return;
        this.clearTimer('pongTimer');
        this.schedulePing(ws);
      });
    });
  }

  private schedulePing(ws: WebSocket): void {
    this.clearTimer('pingTimer');
    this.pingTimer = this.options.clock.setTimeout(() => {
      this.pingTimer = undefined;
      if (this.ws !== ws) return;
      try {
        ws.ping();
      } catch {
        // A dying socket throws; the pong timer handles it.
      }
      this.pongTimer = this.options.clock.setTimeout(() => {
        this.pongTimer = undefined;
        // No pong: the connection is dead even if TCP has not noticed (half-open).
        this.closed(ws, `No answer to a ping within ${this.options.tuning.pongTimeoutMs} ms`);
        ws.terminate();
      }, this.options.tuning.pongTimeoutMs);
    }, this.options.tuning.pingIntervalMs);
  }

  private closed(ws: WebSocket, reason: string, cause: DropCause = 'lost'): void {
    if (this.ws !== ws) return;
    this.ws = undefined;
    this.clearSocketTimers();
    if (!this.stopped) this.down(reason, cause);
  }

  /** The next attempt, never before `atLeastMs` (a Retry-After). */
  private down(reason: string, cause: DropCause | 'attemptFailed', atLeastMs = 0): void {
    const delay = this.backoff.next(cause, atLeastMs);
    const nextAttemptAt = this.options.clock.now() + delay;
    this.notBefore = this.options.clock.now() + atLeastMs;
    this.clearTimer('reconnectTimer');
    this.reconnectTimer = this.options.clock.setTimeout(() => {
      this.reconnectTimer = undefined;
      this.connect();
    }, delay);
    this.options.handlers.onDown(reason, nextAttemptAt, this.backoff.failuresInARow);
  }

  private drop(): void {
    const ws = this.ws;
    const handshaking = this.handshaking;
    this.ws = undefined;
    this.handshaking = undefined;
    this.clearSocketTimers();
    ws?.terminate();
    handshaking?.terminate(); // its upgrade request is aborted; the pending connect settles as failed
  }

  private clearTimers(): void {
    this.clearTimer('reconnectTimer');
    this.clearSocketTimers();
  }

  private clearSocketTimers(): void {
    this.clearTimer('pingTimer');
    this.clearTimer('pongTimer');
    this.clearTimer('healthyTimer');
  }

  private clearTimer(name: 'reconnectTimer' | 'pingTimer' | 'pongTimer' | 'healthyTimer'): void {
    if (this[name] !== undefined) this.options.clock.clearTimeout(this[name]);
    this[name] = undefined;
  }
}

function upgradeError(status: number, retryAfter: string | string[] | undefined, now: number): CoreError {
  const message = `The server refused the live connection (HTTP ${status})`;
  if (status === 401) return new CoreError('unauthorized', message, status);
  if (status === 429) return new RateLimitedError(message, parseRetryAfter(typeof retryAfter === 'string' ? retryAfter : null, now));
  return new CoreError(status >= 500 ? 'server' : 'network', message, status);
}

/** One frame, parsed into what the core should do (O4–O6); never throws. */
export type Frame =
  | { kind: 'counterUpdated'; params: CounterUpdated }
  /** Undefined when the params name no counter: the caller resyncs. */
  | { kind: 'counterDeleted'; counterId: string | undefined }
  | { kind: 'counterMemberlistChanged' }
  | { kind: 'ignored'; reason: 'binary' | 'notJson' | 'notNotification' | 'unknownMethod' | 'badParams' };

export function parseFrame(data: unknown, isBinary: boolean, serverText: ServerTextCleaner): Frame {
  if (isBinary) return { kind: 'ignored', reason: 'binary' };
  const text = typeof data === 'string' ? data : Buffer.isBuffer(data) ? data.toString('utf8') : undefined;
  if (text === undefined) return { kind: 'ignored', reason: 'binary' };
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { kind: 'ignored', reason: 'notJson' };
  }
  const envelope = JsonRpcNotification.safeParse(json);
  // A JSON-RPC request or response (it has an id) is not a notification either.
  if (!envelope.success || (typeof json === 'object' && json !== null && 'id' in json)) return { kind: 'ignored', reason: 'notNotification' };
  const { method, params } = envelope.data;
  switch (method) {
    case 'counterUpdated': {
      const parsed = CounterUpdatedParamsV2.safeParse(params);
      return parsed.success ? { kind: 'counterUpdated', params: { ...parsed.data, name: serverText(parsed.data.name, TEXT_LIMITS.name) } } : { kind: 'ignored', reason: 'badParams' };
    }
    case 'counterDeleted': {
      const parsed = CounterRefParams.safeParse(params);
      return { kind: 'counterDeleted', counterId: parsed.success ? parsed.data : undefined };
    }
    case 'counterMemberlistChanged':
      return { kind: 'counterMemberlistChanged' };
    default:
      return { kind: 'ignored', reason: 'unknownMethod' };
  }
}
