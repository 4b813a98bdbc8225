// startCounterService: the reference Counter Service on
// node:http + ws, plus the test-only levers the API has no endpoint for (delete,
// members, revoke, suspend/resume for "server restart" tests). Stopping or restarting
// closes every WebSocket with 1001 / 1012 first, as a well-behaved service does, so its
// clients can tell a restart from their own network failing.
import { createServer } from 'node:http';
import type { Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { RequestLogEntry } from './admission';
import { createFairGate, type ConnectionGate, type GateLimits } from './connection-gate';
import type { ServiceDeps } from './context';
import { demoFixtures } from './demo-fixtures';
import { FixtureCounter, FixtureMember, FixturesError, loadFixtures } from './fixtures';
import type { CounterRecord, FixturesFile } from './fixtures';
import { loadState, saveState } from './persistence';
import { handleRequest, handleUpgrade } from './pipeline';
import type { PipelineDeps } from './pipeline';
import { createRollingWindow, createTokenBucket } from './rate-limiter';
import { CounterStore } from './store';
import { uuid7 } from './uuid7';
import { resolveVariant } from './variants';
import type { Variant, VariantInput } from './variants';
import { CLOSE_GOING_AWAY, CLOSE_SERVICE_RESTART, WsHub } from './ws-hub';

export interface CounterServiceOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Default 127.0.0.1; never another interface unless asked. */
  host?: string;
  /** A fixtures object (fixtures.ts) or 'demo' for the built-in set. */
  fixtures: FixturesFile | 'demo' | unknown;
  variant?: VariantInput;
  /** Epoch ms; replaces the clock for day values and rate limits. */
  now?: () => number;
  /** Persist changes here (atomic) and reload them on start. */
  statePath?: string;
  /** Connection and time limits; defaults in SERVICE_LIMITS. */
  limits?: Partial<ServiceLimits>;
  /** How the connection cap is kept (connection-gate.ts); for the tests' weakened variants only. */
  connectionGate?: (limits: GateLimits) => ConnectionGate;
  /**
   * Demo mode's guard: answer only requests whose Host is exactly `127.0.0.1:<port>` and
   * that carry no Origin (no browser), so a web page, by DNS rebinding or from this
   * machine, cannot drive it. Off for the tests' and the command line's service.
   */
  loopbackOnly?: boolean;
}

export interface ServiceLimits {
  /**
   * Open connections (HTTP and WebSocket) at once. Past it, a new connection takes the slot of
   * the longest-held one that has not yet carried a request with a known token; when every
   * slot holds such a proven connection, the new one is closed (connection-gate.ts).
   */
  maxConnections: number;
  /** A new connection that has not sent its first complete request head by then is closed. */
  firstHeadTimeoutMs: number;
  /** A request whose headers have not all arrived by then is answered 408 and closed. */
  headersTimeoutMs: number;
  /** A request (headers and body) not complete by then is answered 408 and closed. */
  requestTimeoutMs: number;
}

/**
 * A test peer and the demo's backend, never a public server: a few hundred connections is
 * more than every test and benchmark opens, and a client that takes 10 s to send its
 * headers is holding a slot, not slow; a new connection sends its first head at once, so 3 s
 * is ample even on a loaded machine. (Node's own defaults: no cap, 60 s for every head, 300 s.)
 */
export const SERVICE_LIMITS: ServiceLimits = { maxConnections: 512, firstHeadTimeoutMs: 3_000, headersTimeoutMs: 10_000, requestTimeoutMs: 30_000 };

export interface NewCounter {
  name: string;
  type: CounterRecord['type'];
  value?: number;
  mode?: string;
  startDate?: string;
  endDate?: string;
  members: FixtureMember[];
}

export interface CounterService {
  readonly url: string;
  readonly port: number;
  readonly variant: Variant;
  /** Every HTTP request and WebSocket upgrade, in order. */
  readonly requestLog: RequestLogEntry[];
  /** Stops: every WebSocket is closed with 1001 Going Away (answered or cut within 1 s), then every connection dropped. */
  close(): Promise<void>;
  /** Deletes a counter and sends counterDeleted to its members' sockets; false if unknown. */
  deleteCounter(id: string): boolean;
  /** Replaces the member list and sends counterMemberlistChanged to former and current members. */
  setMembers(id: string, members: FixtureMember[]): void;
  /** The server's truth (internal record), or undefined. */
  getCounter(id: string): CounterRecord | undefined;
  /** Adds a counter with a fresh UUID v7 and tells its members (counterMemberlistChanged); returns it. */
  createCounter(counter: NewCounter): CounterRecord;
  /** Later requests with the token get 401; its open sockets are closed. */
  revokeToken(token: string): void;
  /**
   * Stops listening and drops every connection, keeping all state (a restart, until
   * resume()): every WebSocket is first closed with 1012 Service Restart; `abrupt` cuts
   * them without a close frame instead (a crash, or the network between).
   */
  suspend(options?: { abrupt?: boolean }): Promise<void>;
  /** Listens again on the same port. */
  resume(): Promise<void>;
  /** Sends an arbitrary text frame to the user's open sockets. */
  broadcastRaw(userId: string, text: string): void;
  /** Open WebSocket connections. */
  readonly openSockets: number;
}

export async function startCounterService(options: CounterServiceOptions): Promise<CounterService> {
  const fixtures = loadFixtures(options.fixtures === 'demo' ? demoFixtures() : options.fixtures);
  const variant = resolveVariant(options.variant ?? {});
  const now = options.now ?? Date.now;
  const statePath = options.statePath;
  const store = new CounterStore(fixtures, statePath ? (state) => saveState(statePath, state) : undefined);
  if (statePath) {
    const saved = loadState(statePath, fixtures);
    if (saved) store.restore(saved);
  }
  const view = { store, variant, now };
  const hub = new WsHub(view);
  const service: ServiceDeps = { ...view, notifier: hub };
  const requestLog: RequestLogEntry[] = [];
  let baseUrl = '';
  const deps: PipelineDeps = {
    store,
    variant,
    now,
    limiter: variant.rateLimiter === 'window' ? createRollingWindow(now) : createTokenBucket(now),
    service,
    hub,
    log: requestLog,
    baseUrl: () => baseUrl,
  };

  const limits = { ...SERVICE_LIMITS, ...options.limits };
  const gate = (options.connectionGate ?? createFairGate)(limits);
  deps.trustConnection = (socket) => gate.trust(socket);
  const sockets = new Set<Socket>();
  const server: Server = createServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      // Node checks those timeouts this often (default 30 s): often enough that they hold.
      connectionsCheckingInterval: Math.min(1_000, limits.headersTimeoutMs),
    },
    (req, res) => {
      handleRequest(deps, req, res).catch(() => internalError(res));
    },
  );
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    gate.admit(s);
  });
  // After the handler above: a request whose token is known was trusted there already.
  server.on('request', (req) => gate.headArrived(req.socket));
  server.on('upgrade', (req, socket, head) => {
    gate.headArrived(socket);
    try {
      handleUpgrade(deps, req, socket, head);
    } catch {
      socket.destroy();
    }
  });
  server.on('clientError', (_err, socket) => socket.destroy());

  const host = options.host ?? '127.0.0.1';
  let port = await listen(server, options.port ?? 0, host);
  baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  if (options.loopbackOnly) deps.onlyHost = () => new URL(baseUrl).host;
  let listening = true;

  /** Stops accepting, closes the WebSockets with `closeCode` (or cuts them: 'abrupt'), then drops every connection. */
  const stop = async (closeCode: typeof CLOSE_GOING_AWAY | typeof CLOSE_SERVICE_RESTART | 'abrupt'): Promise<void> => {
    if (!listening) return;
    listening = false;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    if (closeCode === 'abrupt') hub.terminateAll();
    else await hub.closeAll(closeCode);
    for (const s of sockets) s.destroy();
    sockets.clear();
    await closed;
  };

  return {
    url: baseUrl,
    get port() {
      return port;
    },
    variant,
    requestLog,
    get openSockets() {
      return hub.openCount;
    },
    close: () => stop(CLOSE_GOING_AWAY),
    suspend: (options) => stop(options?.abrupt ? 'abrupt' : CLOSE_SERVICE_RESTART),
    async resume() {
      if (listening) return;
      port = await listen(server, port, host);
      listening = true;
    },
    deleteCounter(id) {
      const existing = store.get(id);
      if (!existing) return false;
      hub.counterDeleted(existing); // tell members before they stop being members
      store.delete(id);
      return true;
    },
    setMembers(id, members) {
      const parsed = members.map((m) => FixtureMember.parse(m));
      for (const m of parsed) if (!store.hasUser(m.userId)) throw new FixturesError(`Unknown user ${m.userId}`);
      const result = store.setMembers(id, parsed);
      if (!result) throw new FixturesError(`Unknown counter ${id}`);
      const everyone = [...result.before, ...result.after.members].map((m) => m.userId);
      hub.memberlistChanged(result.after, everyone);
    },
    getCounter(id) {
      const c = store.get(id);
      return c ? structuredClone(c) : undefined;
    },
    createCounter(input) {
      const record = FixtureCounter.parse({ ...input, id: uuid7(now()), created: new Date(now()).toISOString() });
      for (const m of record.members) if (!store.hasUser(m.userId)) throw new FixturesError(`Unknown user ${m.userId}`);
      store.add(record);
      hub.memberlistChanged(record, record.members.map((m) => m.userId));
      return structuredClone(record);
    },
    revokeToken(token) {
      store.revokeToken(token);
      hub.closeToken(token);
    },
    broadcastRaw(userId, text) {
      hub.broadcastRaw(userId, text);
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error): void => reject(e);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      const address = server.address();
      resolve(typeof address === 'object' && address ? address.port : port);
    });
  });
}

function internalError(res: ServerResponse): void {
  if (res.headersSent) {
    res.destroy();
    return;
  }
  res.writeHead(500, { 'Content-Type': 'application/json; charset=utf-8' });
  res.end(JSON.stringify({ message: 'Internal error', code: -1099 }));
}
