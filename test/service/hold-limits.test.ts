// The reference service checks the token before it reads a body, caps
// its connections, and drops requests whose headers or body do not arrive in time. Raw
// sockets, so the test controls exactly what arrives; every wait is for an event (an
// answer, a close). Negative controls: Node's own limits (what 0.2 ran with), and for the
// body, a request the service must read (a valid token), on which the same check fails.
import { connect, type Socket } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { SERVICE_LIMITS, startCounterService, type CounterService, type ServiceLimits } from '../../src-service/index';
import { DEMO_TOKEN, IDS } from './helpers';

const NODE_DEFAULTS: ServiceLimits = { maxConnections: Number.POSITIVE_INFINITY, headersTimeoutMs: 60_000, requestTimeoutMs: 300_000 };

const cleanups: (() => Promise<unknown> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function service(limits: Partial<ServiceLimits> = {}): Promise<CounterService> {
  const started = await startCounterService({ port: 0, fixtures: 'demo', limits });
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

  it('past the cap, a connection is closed as it arrives', async () => {
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
