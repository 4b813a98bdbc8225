// A server cannot fill main's memory or point the token elsewhere (docs/api.md §4.2, Size).
// Every REST answer is read as a stream and abandoned past the cap; every WebSocket frame
// past the frame cap closes the socket; a redirect is never followed. Each check runs
// against real loopback servers, with its negative control: the cap raised to what 0.2
// had (none; ws's 100 MiB), or fetch following redirects as 0.2 did.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createApiClient } from '../../../src-main/core/api-client';
import { CoreError } from '../../../src-main/core/contract';
import { DEFAULT_TUNING } from '../../../src-main/core/tuning';
import { realClock } from '../../../src-main/core/clock';
import { SHARED, USERS, onCleanup, startCore, startService, until } from '../../support/core-harness';

const MiB = 1024 * 1024;

async function serve(handler: (req: IncomingMessage, res: ServerResponse) => void): Promise<{ url: string; server: Server }> {
  const server = createServer(handler);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  onCleanup(
    () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  );
  const address = server.address();
  if (!address || typeof address !== 'object') throw new Error('no port');
  return { url: `http://127.0.0.1:${address.port}`, server };
}

const client = (baseUrl: string, options: { maxAnswerBytes?: number; fetch?: typeof fetch } = {}) =>
  createApiClient({ baseUrl, token: 'ada-token', fetch: options.fetch ?? globalThis.fetch, clock: realClock, timeoutMs: 30_000, shutdown: new AbortController().signal, ...(options.maxAnswerBytes !== undefined ? { maxAnswerBytes: options.maxAnswerBytes } : {}) });

/** A server whose list is one item `total` bytes long (cheap to parse when read), written as fast as the client reads. Tells how much it wrote. */
async function bigList(total: number) {
  const written = { bytes: 0, finished: false, closedEarly: false };
  let closed: () => void = () => undefined;
  const done = new Promise<void>((resolve) => (closed = resolve));
  const chunk = Buffer.alloc(64 * 1024, 0x78);
  const { url } = await serve((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.on('close', () => {
      written.closedEarly = !written.finished;
      closed();
    });
    res.write('["');
    const pump = () => {
      while (written.bytes < total) {
        written.bytes += chunk.length;
        if (!res.write(chunk)) return void res.once('drain', pump);
      }
      written.finished = true;
      res.end('"]');
    };
    pump();
  });
  return { url, written, done };
}

describe('REST answers are capped', () => {
  /** What a 24 MiB answer does: the client's outcome, and how much the server got to write. */
  async function hugeAnswer(maxAnswerBytes?: number) {
    const list = await bigList(24 * MiB);
    const outcome = await client(list.url, maxAnswerBytes !== undefined ? { maxAnswerBytes } : {})
      .listCounters('UTC')
      .then(() => 'read')
      .catch((error: unknown) => error);
    await list.done;
    return { outcome, written: list.written };
  }

  it(`an answer past ${DEFAULT_TUNING.maxAnswerBytes / MiB} MiB is abandoned while it streams: the server cannot write it all`, async () => {
    const { outcome, written } = await hugeAnswer();
    expect(outcome).toBeInstanceOf(CoreError);
    expect(outcome).toMatchObject({ kind: 'badResponse', message: expect.stringContaining('larger than') });
    expect(written.closedEarly).toBe(true);
    // The cap plus what sockets buffer on loopback; far below the 24 MiB offered.
    expect(written.bytes).toBeLessThan(DEFAULT_TUNING.maxAnswerBytes + 16 * MiB);
  });

  it('negative control: without a cap (0.2) the whole 24 MiB is read into memory', async () => {
    const { written } = await hugeAnswer(Number.POSITIVE_INFINITY);
    expect(written).toMatchObject({ finished: true, closedEarly: false });
    expect(written.bytes).toBeGreaterThanOrEqual(24 * MiB);
  });

  it('a declared Content-Length past the cap is refused before any of the body is read', async () => {
    let bodyWritten = 0;
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json', 'Content-Length': String(64 * MiB) });
      const chunk = Buffer.alloc(MiB, 0x20);
      const pump = () => {
        while (bodyWritten < 64 * MiB && !res.destroyed) {
          bodyWritten += chunk.length;
          if (!res.write(chunk)) return void res.once('drain', pump);
        }
      };
      pump();
    });
    await expect(client(url, { maxAnswerBytes: MiB }).getCounter(SHARED[0]!, 'UTC')).rejects.toMatchObject({ kind: 'badResponse' });
    expect(bodyWritten).toBeLessThan(64 * MiB);
  });

  it('a change whose 2xx answer is too large still counts as applied (its body is not needed)', async () => {
    const { url } = await serve((_req, res) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify('y'.repeat(2 * MiB)));
    });
    await expect(client(url, { maxAnswerBytes: MiB }).change(SHARED[0]!, 'increment', 1)).resolves.toBeUndefined();
  });
});

describe('redirects', () => {
  /** The server redirects the list elsewhere (same origin or not); answers what the client made of it and what the target saw. */
  async function redirected(follow: boolean) {
    const seenByTarget: (string | undefined)[] = [];
    const target = await serve((req, res) => {
      seenByTarget.push(req.headers.authorization);
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify([{ id: SHARED[0], name: 'From somewhere else', type: 'UpDown', value: 666, created: '2026-01-01T00:00:00Z' }]));
    });
    const { url } = await serve((_req, res) => {
      res.writeHead(307, { Location: `${target.url}/v2/counters` });
      res.end();
    });
    const fetchLike = follow ? (((input: string | URL | Request, init?: RequestInit) => fetch(input, { ...init, redirect: 'follow' })) as typeof fetch) : globalThis.fetch;
    const outcome = await client(url, { fetch: fetchLike })
      .listCounters('UTC')
      .then((listed) => listed.counters.map((c) => c.name))
      .catch((error: unknown) => error);
    return { outcome, seenByTarget };
  }

  it('are not followed: the answer is refused and nothing reaches the other address', async () => {
    const { outcome, seenByTarget } = await redirected(false);
    expect(outcome).toMatchObject({ kind: 'badResponse', status: 307, message: expect.stringContaining('does not follow redirects') });
    expect(seenByTarget).toEqual([]);
  });

  it('negative control: following them (0.2) accepts the other address’s answer as the server’s', async () => {
    const { outcome, seenByTarget } = await redirected(true);
    expect(outcome).toEqual(['From somewhere else']);
    expect(seenByTarget).toHaveLength(1);
  });
});

describe('WebSocket frames are capped', () => {
  /** A counterUpdated whose name is 1 MiB long, sent to a live core: was it applied, and did the socket survive? */
  async function hugeFrame(maxFrameBytes?: number) {
    const service = await startService({ variant: { nameRule: 'none' } });
    const core = await startCore(service.url, USERS.ada.token, maxFrameBytes !== undefined ? { tuning: { maxFrameBytes } } : {});
    await until(core, (s) => s.connection.status === 'live', 10_000, 'live');
    const before = core.snapshot().stats;
    service.broadcastRaw(USERS.ada.id, JSON.stringify({ jsonrpc: '2.0', method: 'counterUpdated', params: { counterId: SHARED[0], name: 'n'.repeat(MiB), type: 'UpDown', value: 555 } }));
    // Either the frame lands, or the socket is closed for it (1009) and the core reconnects and resyncs.
    const after = await until(core, (s) => s.stats.notifications > before.notifications || s.connection.status !== 'live', 10_000, 'the frame or the close');
    return { applied: after.stats.notifications > before.notifications, value: after.counters.find((c) => c.id === SHARED[0])?.value, connection: after.connection };
  }

  it(`a frame past ${DEFAULT_TUNING.maxFrameBytes / 1024} KiB closes the socket (the core reconnects); it is never applied`, async () => {
    const outcome = await hugeFrame();
    expect(outcome.applied).toBe(false);
    expect(outcome.value).not.toBe(555);
    expect(outcome.connection.status).toBe('reconnecting');
  });

  it('negative control: with ws’s default limit (100 MiB, as in 0.2) the 1 MiB frame is taken in', async () => {
    const outcome = await hugeFrame(100 * MiB);
    expect(outcome).toMatchObject({ applied: true, value: 555 });
  });
});
