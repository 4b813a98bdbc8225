// An in-memory stand-in for the few v2 endpoints the core uses, driven by a FakeClock, for
// property tests that need thousands of fake seconds in a blink. The real reference
// service is used everywhere else.
import { EventEmitter } from 'node:events';
import type { WebSocket } from 'ws';
import type { WebSocketFactory } from '../../src-main/core/contract';
import type { FakeClock } from '../../dev-tools/support/fake-clock';

export interface FakeService {
  fetch: typeof fetch;
  webSocket: WebSocketFactory;
  values: Map<string, number>;
  /** Signed amounts of every applied mutation, per counter. */
  applied: Map<string, number[]>;
  /** Fake-clock times at which requests (and upgrades) were sent. */
  sendTimes: number[];
}

export function fakeService(clock: FakeClock, ids: string[], latencyMs: number): FakeService {
  const values = new Map(ids.map((id) => [id, 0]));
  const applied = new Map<string, number[]>(ids.map((id) => [id, []]));
  const sendTimes: number[] = [];
  const sockets = new Set<EventEmitter>();
  const answer = (body: unknown) => new Response(JSON.stringify(body), { status: 200, headers: { 'Content-Type': 'application/json' } });
  const counterJson = (id: string) => ({ id, name: `Counter ${id.slice(-2)}`, type: 'UpDown', value: values.get(id), created: '2026-01-01T00:00:00Z' });

  const fakeFetch = (async (input: string | URL | Request, init?: RequestInit) => {
    sendTimes.push(clock.now());
    const url = new URL(String(input));
    const method = init?.method ?? 'GET';
    await new Promise<void>((resolve, reject) => {
      const timer = clock.setTimeout(resolve, latencyMs);
      init?.signal?.addEventListener('abort', () => {
        clock.clearTimeout(timer);
        reject(new DOMException('aborted', 'AbortError'));
      });
    });
    if (method === 'GET' && url.pathname === '/v2/counters') return answer(ids.map(counterJson));
    const change = /^\/v2\/counters\/([^/]+)\/(increment|decrement)\/(\d+)$/.exec(url.pathname);
    if (method === 'POST' && change) {
      const [, id, direction, amount] = change;
      const delta = (direction === 'increment' ? 1 : -1) * Number(amount);
      values.set(id!, values.get(id!)! + delta);
      applied.get(id!)!.push(delta);
      for (const socket of sockets) {
        const params = { counterId: id, name: `Counter ${id!.slice(-2)}`, type: 'UpDown', value: values.get(id!) };
        setImmediate(() => socket.emit('message', Buffer.from(JSON.stringify({ jsonrpc: '2.0', method: 'counterUpdated', params })), false));
      }
      return answer(values.get(id!));
    }
    const single = /^\/v2\/counters\/([^/]+)$/.exec(url.pathname);
    if (method === 'GET' && single) return answer(counterJson(single[1]!));
    return new Response(JSON.stringify({ message: 'No such endpoint', code: -1 }), { status: 404 });
  }) as typeof fetch;

  const webSocket: WebSocketFactory = () => {
    sendTimes.push(clock.now());
    const socket = Object.assign(new EventEmitter(), {
      readyState: 0,
      ping: () => setImmediate(() => socket.emit('pong')),
      terminate: () => {
        sockets.delete(socket);
        socket.readyState = 3;
        setImmediate(() => socket.emit('close'));
      },
    });
    setImmediate(() => {
      socket.readyState = 1;
      sockets.add(socket);
      socket.emit('open');
    });
    return socket as unknown as WebSocket;
  };

  return { fetch: fakeFetch, webSocket, values, applied, sendTimes };
}
