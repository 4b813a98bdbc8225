// A loopback TCP proxy that counts what crosses it: HTTP request heads and, after a
// WebSocket upgrade, RFC 6455 frames by opcode in each direction. The core sees an
// ordinary server; the benchmark reads exactly what went over the wire.
import { connect, createServer } from 'node:net';
import type { Server, Socket } from 'node:net';

const OPCODES: Record<number, string> = { 0: 'continuation', 1: 'text', 2: 'binary', 8: 'close', 9: 'ping', 10: 'pong' };

export interface WireCounts {
  /** HTTP request heads sent by clients (upgrades included). */
  httpRequests: number;
  /** Frames from the client (the core) to the server, by opcode name. */
  clientFrames: Record<string, number>;
  /** Frames from the server to the client, by opcode name. */
  serverFrames: Record<string, number>;
}

/** Parses one direction of a connection: an HTTP head, then frames if the connection was upgraded. */
class DirectionParser {
  private buffer = Buffer.alloc(0);
  private inFrames = false;

  constructor(
    private readonly onHead: (head: string) => void,
    private readonly onFrame: (opcode: number) => void,
  ) {}

  startFrames(): void {
    this.inFrames = true;
  }

  push(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      if (!this.inFrames) {
        const end = this.buffer.indexOf('\r\n\r\n');
        if (end < 0) return;
        const head = this.buffer.subarray(0, end).toString('latin1');
        this.buffer = this.buffer.subarray(end + 4);
        this.onHead(head);
        // A request body (never sent by the core during idle) would confuse this simple parser.
        const length = /\r\ncontent-length:\s*(\d+)/i.exec(head);
        if (length) this.buffer = this.buffer.subarray(Math.min(this.buffer.length, Number(length[1])));
        continue;
      }
      if (this.buffer.length < 2) return;
      const opcode = this.buffer[0]! & 0x0f;
      const masked = (this.buffer[1]! & 0x80) !== 0;
      let length = this.buffer[1]! & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (this.buffer.length < 4) return;
        length = this.buffer.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (this.buffer.length < 10) return;
        length = Number(this.buffer.readBigUInt64BE(2));
        offset = 10;
      }
      if (masked) offset += 4;
      if (this.buffer.length < offset + length) return;
      this.buffer = this.buffer.subarray(offset + length);
      this.onFrame(opcode);
    }
  }
}

export class FrameCountingProxy {
  readonly counts: WireCounts = { httpRequests: 0, clientFrames: {}, serverFrames: {} };
  private readonly sockets = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
  ) {}

  static async start(targetPort: number): Promise<FrameCountingProxy> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('proxy did not bind');
    const proxy = new FrameCountingProxy(server, address.port);
    server.on('connection', (client) => proxy.pipe(client, targetPort));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** A copy of the counts now, to diff later. */
  snapshot(): WireCounts {
    return structuredClone(this.counts);
  }

  private pipe(client: Socket, targetPort: number): void {
    const upstream = connect(targetPort, '127.0.0.1');
    for (const s of [client, upstream]) {
      this.sockets.add(s);
      s.on('close', () => this.sockets.delete(s));
      s.on('error', () => undefined);
    }
    const bump = (into: Record<string, number>, opcode: number) => {
      const name = OPCODES[opcode] ?? `opcode ${opcode}`;
      into[name] = (into[name] ?? 0) + 1;
    };
    const fromClient = new DirectionParser(
      () => (this.counts.httpRequests += 1),
      (opcode) => bump(this.counts.clientFrames, opcode),
    );
    const fromServer = new DirectionParser(
      (head) => {
        // Frames follow only a 101 answer; both directions switch protocol from here.
        if (/^HTTP\/1\.1 101/.test(head)) {
          fromServer.startFrames();
          fromClient.startFrames();
        }
      },
      (opcode) => bump(this.counts.serverFrames, opcode),
    );
    client.on('data', (chunk: Buffer) => {
      fromClient.push(chunk);
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => {
      fromServer.push(chunk);
      client.write(chunk);
    });
    client.on('close', () => upstream.destroy());
    upstream.on('close', () => client.destroy());
  }

  async close(): Promise<void> {
    for (const s of this.sockets) s.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
