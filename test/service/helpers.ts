// Shared helpers for the service tests: a fake clock, a started service, an HTTP client
// that returns status/headers/parsed body, and a WebSocket client whose messages can be
// awaited (no sleeps).
import WebSocket from 'ws';
import { afterEach } from 'vitest';
import { startCounterService } from '../../src-service/index';
import type { CounterService, CounterServiceOptions } from '../../src-service/index';

export { DEMO_TOKEN, DEMO_OTHER_TOKEN, DEMO_OUTSIDER_TOKEN, DEMO_COUNTER_IDS as IDS, DEMO_USER_ID, DEMO_OTHER_USER_ID, DEMO_OUTSIDER_USER_ID } from '../../src-service/index';

export interface FakeClock {
  now: () => number;
  set(ms: number): void;
  tick(ms: number): void;
}

export function fakeClock(start = Date.UTC(2026, 10, 22, 12, 0, 0)): FakeClock {
  let t = start;
  return { now: () => t, set: (ms) => (t = ms), tick: (ms) => (t += ms) };
}

export interface Harness {
  service: CounterService;
  clock: FakeClock;
  /** Each request first advances the clock by this much (default 1000 ms: the rate limit never interferes). */
  autoAdvanceMs: number;
  request(method: string, path: string, init?: { token?: string | null; body?: string; json?: unknown; headers?: Record<string, string> }): Promise<HttpAnswer>;
  get(path: string, token?: string | null): Promise<HttpAnswer>;
  post(path: string, token?: string | null): Promise<HttpAnswer>;
  patch(path: string, json: unknown, token?: string | null): Promise<HttpAnswer>;
  socket(path: string, token?: string | null): Promise<TestSocket>;
}

export interface HttpAnswer {
  status: number;
  headers: Headers;
  text: string;
  /** Parsed JSON, or undefined for an empty body. */
  body: unknown;
}

const started: { close(): Promise<void> }[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((s) => s.close()));
});

export async function startHarness(options: Partial<CounterServiceOptions> & { clock?: FakeClock } = {}): Promise<Harness> {
  const clock = options.clock ?? fakeClock();
  const service = await startCounterService({ fixtures: 'demo', now: clock.now, ...options });
  const sockets: TestSocket[] = [];
  started.push({
    close: async () => {
      for (const s of sockets) s.ws.terminate();
      await service.close();
    },
  });
  const h: Harness = {
    service,
    clock,
    autoAdvanceMs: 1000,
    async request(method, path, init = {}) {
      clock.tick(h.autoAdvanceMs);
      const headers: Record<string, string> = { Accept: 'application/json', ...init.headers };
      const token = init.token === undefined ? DEFAULT_TOKEN : init.token;
      if (token !== null) headers.Authorization = `Bearer ${token}`;
      let body = init.body;
      if (init.json !== undefined) {
        body = JSON.stringify(init.json);
        headers['Content-Type'] ??= 'application/json';
      }
      const res = await fetch(`${service.url}${path}`, { method, headers, body });
      const text = await res.text();
      let parsed: unknown;
      try {
        parsed = text === '' ? undefined : JSON.parse(text);
      } catch {
        parsed = text;
      }
      return { status: res.status, headers: res.headers, text, body: parsed };
    },
    get: (path, token) => h.request('GET', path, { token }),
    post: (path, token) => h.request('POST', path, { token }),
    patch: (path, json, token) => h.request('PATCH', path, { json, token }),
    async socket(path, token) {
      clock.tick(h.autoAdvanceMs);
      const s = await openSocket(`${service.url.replace('http', 'ws')}${path}`, token === undefined ? DEFAULT_TOKEN : token);
      sockets.push(s);
      return s;
    },
  };
  return h;
}

const DEFAULT_TOKEN = 'demo-token-ada';

export interface TestSocket {
  ws: WebSocket;
  /** Resolves with the next parsed message (FIFO). */
  next(): Promise<unknown>;
  /** Messages received and not yet taken. */
  pending(): unknown[];
  closed: Promise<{ code: number }>;
}

export function openSocket(url: string, token: string | null): Promise<TestSocket> {
  const ws = new WebSocket(url, { headers: token === null ? {} : { Authorization: `Bearer ${token}` } });
  const queue: unknown[] = [];
  const waiters: ((m: unknown) => void)[] = [];
  ws.on('message', (data) => {
    let msg: unknown;
    try {
      msg = JSON.parse(String(data));
    } catch {
      msg = String(data);
    }
    const w = waiters.shift();
    if (w) w(msg);
    else queue.push(msg);
  });
  const closed = new Promise<{ code: number }>((resolve) => ws.on('close', (code) => resolve({ code })));
  return new Promise((resolve, reject) => {
    ws.once('open', () =>
      resolve({
        ws,
        closed,
        pending: () => [...queue],
        next: () => (queue.length > 0 ? Promise.resolve(queue.shift()) : new Promise((r) => waiters.push(r))),
      }),
    );
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (c: Buffer) => (text += String(c)));
      res.on('end', () => reject(new UpgradeRefused(res.statusCode ?? 0, text, res.headers)));
    });
    ws.once('error', reject);
  });
}

export class UpgradeRefused extends Error {
  constructor(
    readonly status: number,
    readonly text: string,
    readonly headers: Record<string, string | string[] | undefined>,
  ) {
    super(`upgrade refused with ${status}`);
  }
  get body(): unknown {
    return JSON.parse(this.text);
  }
}

/** Awaits a rejected socket open and returns the refusal. */
export async function refusedUpgrade(p: Promise<TestSocket>): Promise<UpgradeRefused> {
  try {
    const s = await p;
    s.ws.terminate();
  } catch (e) {
    if (e instanceof UpgradeRefused) return e;
    throw e;
  }
  throw new Error('the upgrade was accepted');
}
