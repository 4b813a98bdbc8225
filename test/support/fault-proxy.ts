// A loopback TCP proxy that misbehaves on command, to prove the core survives real
// network faults: latency, dropped connections, a black hole (packets vanish, no FIN,
// no RST), half-open connections (the server side is gone, the client is never told),
// and lost responses (the request reached the server, its answer never comes back).
import { EventEmitter } from 'node:events';
import { createServer, connect } from 'node:net';
import type { Server, Socket } from 'node:net';

export type FaultMode =
  /** Forward everything (after `delayMs`). */
  | 'pass'
  /** Accept and keep connections open but forward nothing in either direction. */
  | 'blackhole'
  /** Forward requests; when the server answers, kill the connection instead of delivering it. */
  | 'dropResponses'
  /** Refuse new connections (reset at once); existing ones keep passing. */
  | 'refuse';

interface Pair {
  client: Socket;
  upstream: Socket;
  /** The upstream was cut while the client was left open and unaware. */
  halfOpen: boolean;
  /** The request line last sent through it ("POST /v2/… HTTP/1.1"): a 'dropped' event names the request whose answer it lost. */
  requestLine: string;
}

export class FaultProxy extends EventEmitter {
  mode: FaultMode = 'pass';
  /** Added latency per chunk, each direction. Chunks keep their order. */
  delayMs = 0;
  /** Connections accepted so far. */
  accepted = 0;
  private readonly pairs = new Set<Pair>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {
    super();
  }

  static async start(targetPort: number, targetHost = '127.0.0.1'): Promise<FaultProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('proxy did not bind');
    const proxy = new FaultProxy(server, address.port);
    server.on('connection', (client) => proxy.accept(client, targetPort, targetHost));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get openConnections(): number {
    return this.pairs.size;
  }

  /** Resets every open connection now (both sides see it). */
  dropAll(): void {
    for (const pair of this.pairs) this.kill(pair);
  }

  /** Cuts every open connection's server side; client sides stay open and hear nothing again. */
  halfOpenAll(): void {
    for (const pair of this.pairs) {
      pair.halfOpen = true;
      pair.upstream.destroy();
    }
  }

  async close(): Promise<void> {
    this.dropAll();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private accept(client: Socket, targetPort: number, targetHost: string): void {
    this.accepted += 1;
    if (this.mode === 'refuse') {
      client.resetAndDestroy();
      return;
    }
    const upstream = connect(targetPort, targetHost);
    const pair: Pair = { client, upstream, halfOpen: false, requestLine: '' };
    this.pairs.add(pair);
    client.setNoDelay(true);
    upstream.setNoDelay(true);
    const toServer = this.pipe(pair, client, upstream, 'request');
    const toClient = this.pipe(pair, upstream, client, 'response');
    client.on('error', () => this.kill(pair));
    upstream.on('error', () => (pair.halfOpen ? undefined : this.kill(pair)));
    client.on('close', () => {
      toServer.discard();
      this.kill(pair);
    });
    upstream.on('close', () => {
      toClient.discard();
      if (!pair.halfOpen) this.kill(pair);
    });
    this.emit('connection');
  }

  private pipe(pair: Pair, from: Socket, to: Socket, direction: 'request' | 'response') {
    let lastDue = 0;
    const timers = new Set<NodeJS.Timeout>();
    const deliver = (chunk: Buffer) => {
      if (pair.halfOpen || this.mode === 'blackhole') return; // swallowed
      if (direction === 'response' && this.mode === 'dropResponses') {
        this.kill(pair);
        this.emit('dropped', pair.requestLine);
        return;
      }
      if (!to.destroyed) to.write(chunk);
    };
    from.on('data', (chunk: Buffer) => {
      if (pair.halfOpen || this.mode === 'blackhole') return;
      if (direction === 'request') {
        const line = chunk.toString('latin1', 0, Math.max(0, chunk.indexOf('\r\n')));
        if (/^[A-Z]+ \S+ HTTP\/1\.1$/.test(line)) pair.requestLine = line;
      }
      if (this.delayMs <= 0 && timers.size === 0) return deliver(chunk);
      const due = Math.max(Date.now() + this.delayMs, lastDue);
      lastDue = due;
      const timer = setTimeout(() => {
        timers.delete(timer);
        deliver(chunk);
      }, due - Date.now());
      timers.add(timer);
    });
    from.on('end', () => {
      if (timers.size === 0 && !to.destroyed && !pair.halfOpen) to.end();
    });
    return {
      /** Chunks still delayed are lost with their connection, as on a real network path that died. */
      discard: () => {
        for (const timer of timers) clearTimeout(timer);
        timers.clear();
      },
    };
  }

  private kill(pair: Pair): void {
    if (!this.pairs.delete(pair)) return;
    pair.client.destroy();
    pair.upstream.destroy();
  }
}
