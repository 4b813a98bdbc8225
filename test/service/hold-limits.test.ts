// The reference service checks the token before it reads a body, caps
// its connections fairly, and drops requests whose headers or body do not arrive in time. Raw
// sockets, so the test controls exactly what arrives; every wait is for an event (an
// answer, a close). Negative controls: Node's own limits (what 0.2 ran with), for the body a
// request the service must read (a valid token), on which the same check fails, and for the
// cap the first-come rule it had before (past the cap every newcomer closed, whoever holds the slots).
import { connect, type Socket } from 'node:net';
import type { Duplex } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { ConnectionGate, GateLimits } from '../../src-service/connection-gate';
import { SERVICE_LIMITS, startCounterService, type CounterService, type CounterServiceOptions, type ServiceLimits } from '../../src-service/index';
import { DEMO_OTHER_TOKEN, DEMO_OUTSIDER_TOKEN, DEMO_TOKEN, IDS } from './helpers';

/** Node has no time for the first head of its own: its headersTimeout (60 s) holds for every head. */
const NODE_DEFAULTS: ServiceLimits = { maxConnections: Number.POSITIVE_INFINITY, firstHeadTimeoutMs: 60_000, headersTimeoutMs: 60_000, requestTimeoutMs: 300_000 };

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function service(limits: Partial<ServiceLimits> = {}, connectionGate?: CounterServiceOptions['connectionGate']): Promise<CounterService> {
  const started = await startCounterService({ port: 0, fixtures: 'demo', limits, ...(connectionGate ? { connectionGate } : {}) });
  cleanups.push(() => started.close());
  return started;
}

interface Raw {
  socket: Socket;
  /** Everything the server sent so far. */
  received(): string;
  /** Resolves when the server closed the connection, with what it sent. */
  closed: Promise<string>;
  /** Resolves with the first bytes the server sends. */
  answered: Promise<string>;
}

function raw(port: number): Promise<Raw> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1');
    let text = '';
    let answer: (value: string) => void = () => undefined;
    const answered = new Promise<string>((r) => (answer = r));
    const closed = new Promise<string>((r) => socket.on('close', () => r(text)));
    socket.on('data', (chunk: Buffer) => {
      text += chunk.toString();
      answer(text);
    });
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => text, closed, answered }));
    socket.once('error', reject);
    cleanups.push(() => void socket.destroy());
  });
}

const postHead = (port: number, token: string | null, length: number) =>
  [`POST /v2/counters/${IDS.coffees}/increment HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...(token ? [`Authorization: Bearer ${token}`] : []), 'Content-Type: application/json', `Content-Length: ${length}`, '', ''].join('\r\n');

describe('the token is checked before any body is read', () => {
  /** Headers announcing a 100-byte body, 10 bytes of it, then the client stops sending (FIN). Did an answer come before the body? */
  async function answeredBeforeTheBody(token: string | null): Promise<string> {
    const svc = await service();
    const client = await raw(svc.port);
    client.socket.write(`${postHead(svc.port, token, 100)}0123456789`);
    client.socket.end();
    return (await client.closed).split('\r\n')[0] ?? '';
  }

  it('a request without a valid token is answered 401 at once, its body never awaited', async () => {
    expect(await answeredBeforeTheBody('not-a-token')).toBe('HTTP/1.1 401 Unauthorized');
    expect(await answeredBeforeTheBody(null)).toBe('HTTP/1.1 401 Unauthorized');
  });

  it('negative control: where the service does read the body first (a valid token), the same check sees no answer', async () => {
    expect(await answeredBeforeTheBody(DEMO_TOKEN)).toBe('');
  });
});

describe('connections', () => {
  /** `count` connections at once, each then asking for the list: how many got an answer, how many were closed unanswered. */
  async function crowd(limits: Partial<ServiceLimits>, count: number) {
    const svc = await service(limits);
    const clients = await Promise.all(Array.from({ length: count }, () => raw(svc.port)));
    for (const client of clients) client.socket.write(`GET /v2/counters?timezone=UTC HTTP/1.1\r\nHost: 127.0.0.1:${svc.port}\r\nAuthorization: Bearer ${DEMO_TOKEN}\r\n\r\n`);
    const outcomes = await Promise.all(clients.map((client) => Promise.race([client.answered.then(() => 'answered'), client.closed.then((text) => (text === '' ? 'closed unanswered' : 'answered'))])));
    return { answered: outcomes.filter((o) => o === 'answered').length, refused: outcomes.filter((o) => o === 'closed unanswered').length };
  }

  it('past the cap, the connections that waited longest without a request are closed', async () => {
    expect(await crowd({ maxConnections: 8 }, 12)).toEqual({ answered: 8, refused: 4 });
    expect(SERVICE_LIMITS.maxConnections).toBeLessThan(Number.POSITIVE_INFINITY);
  });

  it('negative control: with Node’s default (no cap) every one is held', async () => {
    expect(await crowd({ ...NODE_DEFAULTS }, 12)).toEqual({ answered: 12, refused: 0 });
  });
});

describe('half-open requests', () => {
  /** Two connections that never finish (headers cut short; a body that stops): closed by the service, or still held when the limited one was closed. */
  async function halfOpen(limits: ServiceLimits) {
    const svc = await service(limits);
    const headers = await raw(svc.port);
    headers.socket.write(`GET /v2/counters HTTP/1.1\r\nHost: 127.0.0.1:${svc.port}\r\n`);
    const body = await raw(svc.port);
    body.socket.write(`${postHead(svc.port, DEMO_TOKEN, 100)}{"a":`);
    return { headers, body };
  }

  it('headers that do not arrive in time, or a body that stops, are closed; Node’s 60 s / 300 s would still hold them (negative control)', async () => {
    const limited = await halfOpen({ ...SERVICE_LIMITS, headersTimeoutMs: 300, requestTimeoutMs: 600 });
    const unlimited = await halfOpen(NODE_DEFAULTS);
    // Node reports the timeout as a client error, which the service answers by closing the socket.
    await Promise.all([limited.headers.closed, limited.body.closed]);
    // The same requests to a service with Node's own limits are still open, unanswered.
    expect([unlimited.headers.socket.destroyed, unlimited.headers.received()]).toEqual([false, '']);
    expect([unlimited.body.socket.destroyed, unlimited.body.received()]).toEqual([false, '']);
  });
});

const getHead = (port: number, token: string) => `GET /v2/counters?timezone=UTC HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAuthorization: Bearer ${token}\r\n\r\n`;

/** The status line of the service's next answer on `client`, or 'closed unanswered'. */
function nextStatus(client: Raw): Promise<string> {
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      client.socket.off('close', onClose);
      resolve(chunk.toString().split('\r\n')[0] ?? '');
    };
    const onClose = () => {
      client.socket.off('data', onData);
      resolve('closed unanswered');
    };
    client.socket.once('data', onData);
    client.socket.once('close', onClose);
  });
}

/** Resolves once `count` of `clients` have been closed by the service. */
function closedCount(clients: readonly Raw[], count: number): Promise<void> {
  let closed = 0;
  return new Promise((resolve) => {
    for (const client of clients) void client.closed.then(() => ++closed === count && resolve());
  });
}

/** `count` connections that send nothing, as a process without a token can open. */
const idle = (port: number, count: number) => Promise.all(Array.from({ length: count }, () => raw(port)));

/** The cap as it was: past it every newcomer is closed, whoever holds the slots. */
function firstComeGate(limits: GateLimits): ConnectionGate {
  const open = new Set<Duplex>();
  return {
    admit(socket) {
      if (open.size >= limits.maxConnections) return void socket.destroy();
      open.add(socket);
      socket.once('close', () => open.delete(socket));
    },
    headArrived: () => undefined,
    trust: () => undefined,
  };
}

describe('a fair cap: connections without a token never keep out one with', () => {
  // Timeouts far longer than the test: only the cap's rule, never a timeout, can make room.
  const NO_TIMEOUTS = { firstHeadTimeoutMs: 60_000, headersTimeoutMs: 60_000, requestTimeoutMs: 60_000 };

  /** A process without a token holds 24 idle connections against a cap of 16; then an authenticated request. */
  async function requestPastIdleFlood(gate?: (limits: GateLimits) => ConnectionGate) {
    const svc = await service({ maxConnections: 16, ...NO_TIMEOUTS }, gate);
    const hostile = await idle(svc.port, 24);
    const client = await raw(svc.port);
    client.socket.write(getHead(svc.port, DEMO_TOKEN));
    return { hostile, status: await nextStatus(client) };
  }

  it('more idle connections than the cap, from a process without a token: an authenticated request is still answered at once', async () => {
    const { hostile, status } = await requestPastIdleFlood();
    expect(status).toBe('HTTP/1.1 200 OK');
    // Room was made by closing the idle connections held longest: 8 for the idle ones past the
    // cap, 1 for the request. The 15 others are still open, so no timeout let the request in.
    await closedCount(hostile, 9);
    expect(hostile.filter((c) => !c.socket.destroyed)).toHaveLength(15);
  });

  it('negative control: with the first-come cap it had, the same request is closed unanswered', async () => {
    const { status } = await requestPastIdleFlood(firstComeGate);
    expect(status).toBe('closed unanswered');
  });

  it('a connection that carried a known token keeps its slot through a flood; only a cap full of them turns a newcomer away', async () => {
    const svc = await service({ maxConnections: 4, ...NO_TIMEOUTS });
    const ask = async (token: string) => {
      const client = await raw(svc.port);
      client.socket.write(getHead(svc.port, token));
      expect(await nextStatus(client)).toBe('HTTP/1.1 200 OK');
      return client;
    };
    const proven = [await ask(DEMO_TOKEN), await ask(DEMO_OTHER_TOKEN)];
    const hostile = await idle(svc.port, 8);
    // Two slots for eight: each newer idle connection took the slot of an older one.
    await closedCount(hostile, 6);
    for (const client of proven) {
      client.socket.write(getHead(svc.port, client === proven[0] ? DEMO_TOKEN : DEMO_OTHER_TOKEN));
      expect(await nextStatus(client)).toBe('HTTP/1.1 200 OK');
    }
    // Two more with a token take the last two idle ones' slots; then every slot is proven.
    proven.push(await ask(DEMO_OUTSIDER_TOKEN), await ask(DEMO_TOKEN));
    await closedCount(hostile, 8);
    const newcomer = await raw(svc.port);
    newcomer.socket.write(getHead(svc.port, DEMO_OTHER_TOKEN));
    expect(await nextStatus(newcomer)).toBe('closed unanswered');
    expect(proven.map((c) => c.socket.destroyed)).toEqual([false, false, false, false]);
  });

  it('a connection gets less time for its first request head than later heads get; one that sent its head is held to the request time', async () => {
    /** Silent, a head cut short, and a full head with a valid token whose body stops. */
    async function slowStarters(limits: ServiceLimits) {
      const svc = await service(limits);
      const silent = await raw(svc.port);
      const partial = await raw(svc.port);
      partial.socket.write(`GET /v2/counters HTTP/1.1\r\nHost: 127.0.0.1:${svc.port}\r\n`);
      const body = await raw(svc.port);
      body.socket.write(`${postHead(svc.port, DEMO_TOKEN, 100)}{"a":`);
      return { silent, partial, body };
    }
    const limited = await slowStarters({ ...SERVICE_LIMITS, ...NO_TIMEOUTS, firstHeadTimeoutMs: 500 });
    const unlimited = await slowStarters(NODE_DEFAULTS);
    expect(await limited.silent.closed).toBe('');
    expect(await limited.partial.closed).toBe('');
    expect([limited.body.socket.destroyed, limited.body.received()]).toEqual([false, '']);
    // Negative control: under Node's own limits both are still held, unanswered.
    expect([unlimited.silent.socket.destroyed, unlimited.partial.socket.destroyed]).toEqual([false, false]);
    expect(SERVICE_LIMITS.firstHeadTimeoutMs).toBeLessThan(SERVICE_LIMITS.headersTimeoutMs);
  });
});
