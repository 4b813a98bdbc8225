// A programmable HTTP front server between the core and the reference service, for the
// traffic and liveness faults of traffic-liveness.test.ts (cases 6–12). Unlike the TCP-level FaultProxy
// it understands requests: it can hold a request and still forward it after the client
// gave up (a queueing load balancer), answer a request or an upgrade itself (429 with any
// Retry-After), leave an upgrade hanging in its handshake, and close live sockets early.
import { EventEmitter } from 'node:events';
import { Agent, createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pipeUpgrade } from '../../dev-tools/support/pipe-upgrade';

export interface FrontRequest {
  method: string;
  path: string;
  /** 0-based count of HTTP requests (not upgrades) the front has seen. */
  index: number;
  /** The request's Authorization header: what a hostile server could echo back. */
  authorization?: string;
}

export interface FrontAnswer {
  status: number;
  headers?: Record<string, string>;
  body?: string;
}

/** What to do with a WebSocket upgrade: forward it, leave it unanswered, or answer it. */
export type UpgradeRule = 'pass' | 'hang' | FrontAnswer;

export class FrontServer extends EventEmitter {
  /** Answer an HTTP request here instead of forwarding it (undefined: forward). */
  answer: (request: FrontRequest) => FrontAnswer | undefined = () => undefined;
  /** Hold an HTTP request this long before forwarding it; it is forwarded even if the client has gone. */
  holdMs: (request: FrontRequest) => number = () => 0;
  /** The rule for the next upgrade; `attempt` counts upgrades from 0. */
  upgrade: (attempt: number) => UpgradeRule = () => 'pass';
  requests = 0;
  upgrades = 0;
  private readonly agent = new Agent({ keepAlive: false });
  private readonly live = new Set<Socket>();
  private readonly hung = new Set<Socket>();
  private readonly clients = new Set<Socket>();

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly target: number,
  ) {
    super();
  }

  static async start(targetPort: number): Promise<FrontServer> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('front server did not bind');
    const front = new FrontServer(server, address.port, targetPort);
    server.on('connection', (socket) => {
      front.clients.add(socket);
      socket.on('close', () => front.clients.delete(socket));
    });
    server.on('request', (req, res) => front.onRequest(req, res));
    server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => front.onUpgrade(req, socket, head));
    return front;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  /** Upgrades left unanswered so far and still open. */
  get hanging(): number {
    return this.hung.size;
  }

  /** Closes every forwarded WebSocket connection (both sides see it). */
  closeSockets(): void {
    for (const socket of this.live) socket.destroy();
  }

  /** Resets every upgrade left hanging. */
  releaseHung(): void {
    for (const socket of this.hung) socket.destroy();
  }

  async close(): Promise<void> {
    for (const socket of this.clients) socket.destroy();
    for (const socket of [...this.live, ...this.hung]) socket.destroy();
    this.agent.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const request: FrontRequest = { method: req.method ?? 'GET', path: req.url ?? '/', index: this.requests++, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) };
    this.emit('request', request);
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const answer = this.answer(request);
      if (answer) {
        this.emit('answered', request, answer);
        if (!res.destroyed) res.writeHead(answer.status, answer.headers).end(answer.body ?? '');
        return;
      }
      const hold = this.holdMs(request);
      const forward = () => this.forward(req, Buffer.concat(chunks), res, request);
      if (hold > 0) setTimeout(forward, hold);
      else forward();
    });
  }

  /** Forwards whether or not the client is still there: the service sees the request either way. */
  private forward(req: IncomingMessage, body: Buffer, res: ServerResponse, request: FrontRequest): void {
    const upstream = httpRequest(
      { host: '127.0.0.1', port: this.target, method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' }, agent: this.agent },
      (answer) => {
        this.emit('forwarded', request, answer.statusCode);
        if (res.destroyed) {
          answer.resume();
          return;
        }
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    upstream.end(body);
  }

  private onUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    const rule = this.upgrade(this.upgrades++);
    this.emit('upgrade', rule);
    socket.on('error', () => socket.destroy());
    if (rule === 'hang') {
      this.hung.add(socket);
      socket.on('close', () => {
        this.hung.delete(socket);
        this.emit('hungClosed');
      });
      socket.on('end', () => socket.destroy());
      socket.resume(); // read, so the client's close is seen
      this.emit('hung');
      return;
    }
    if (rule !== 'pass') {
      const headers = Object.entries({ 'Content-Length': String(Buffer.byteLength(rule.body ?? '')), Connection: 'close', ...rule.headers })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join('');
      socket.end(`HTTP/1.1 ${rule.status} Refused\r\n${headers}\r\n${rule.body ?? ''}`);
      return;
    }
    const upstream = pipeUpgrade(req, socket, head, this.target);
    this.live.add(socket);
    const end = () => {
      this.live.delete(socket);
      socket.destroy();
      upstream.destroy();
    };
    socket.on('close', end);
    upstream.on('close', end);
    upstream.on('error', end);
  }
}
