// A programmable HTTP front server for the reference service: where
// fault-proxy.ts misbehaves at the TCP level for every connection, this one acts on
// single requests chosen by method and path — apply a request late (forward it only
// after a delay longer than the client's timeout), drop an answer (forward, then cut the
// client's connection), lose a request before the server (cut it unforwarded), rewrite
// a GET /v2/counters list, or answer in the server's place (a 429 with Retry-After).
// WebSocket upgrades are piped through untouched.
// Socket-side faults (429 on upgrades, hung handshakes, early closes) are front-server.ts.
import { createServer, request as httpRequest } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { pipeUpgrade } from './pipe-upgrade';

export type FrontAction =
  /** Hold the request this long, then forward it; its answer is delivered if the client still listens. */
  | { kind: 'applyLate'; delayMs: number }
  /** Forward the request; when the server has answered, cut the client's connection instead. */
  | { kind: 'dropAnswer' }
  /** Cut the client's connection without forwarding: the server never sees the request. */
  | { kind: 'loseRequest' }
  /** Forward at once (the server applies it now); hold its answer until `until` settles, then deliver it if the client still listens. */
  | { kind: 'answerLate'; until: Promise<unknown>; answered?: () => void }
  /** Forward; replace the JSON list in the answer with `rewrite(list)`. */
  | { kind: 'rewriteList'; rewrite: (items: unknown[]) => unknown[] }
  /** Answer in the server's place, unforwarded (a gateway's 429 with its own Retry-After). */
  | { kind: 'answerInstead'; status: number; headers?: Record<string, string>; body: string };

/** Set by a test on every request of one run of the app (a restart is a new run on the same token). */
export const RUN_HEADER = 'x-test-run';

/** A request the front passed on to the server (an upgrade too), when, and the run that sent it. */
export interface PassedOn {
  at: number;
  run: string;
  what: string;
}

export interface FrontRule {
  method: string;
  /** Matched against the path without the query. */
  path: RegExp;
  action: FrontAction;
  /** How many requests the rule acts on (default: every one). */
  times?: number;
  /** Called when the rule acts, before the action: a test can make another user click "meanwhile". */
  onMatch?: () => void | Promise<void>;
}

export class RequestFaultFront {
  private rules: FrontRule[] = [];
  private readonly sockets = new Set<Socket>();
  /** Upgraded (WebSocket) connections, client side. */
  private readonly upgraded = new Set<Socket>();
  /** Requests received and not finished (held, forwarded, or answered). */
  private handling = 0;
  private idleWaiters: (() => void)[] = [];
  /** Requests the rules acted on, as "METHOD /path". */
  readonly acted: string[] = [];
  /** What reached the server through the front, by run: pacing is checked per run of one token. */
  readonly passedOn: PassedOn[] = [];

  private constructor(
    private readonly server: Server,
    readonly port: number,
    private readonly targetPort: number,
  ) {}

  static async start(targetPort: number): Promise<RequestFaultFront> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const address = server.address();
    if (!address || typeof address !== 'object') throw new Error('front server did not bind');
    const front = new RequestFaultFront(server, address.port, targetPort);
    server.on('request', (req, res) => {
      front.handling += 1;
      void front.handle(req, res).finally(() => {
        front.handling -= 1;
        if (front.handling === 0) for (const resolve of front.idleWaiters.splice(0)) resolve();
      });
    });
    server.on('upgrade', (req, socket, head) => front.pipeUpgrade(req, socket as Socket, head));
    server.on('connection', (socket) => {
      front.sockets.add(socket);
      socket.on('close', () => front.sockets.delete(socket));
    });
    return front;
  }

  get url(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  add(rule: FrontRule): void {
    this.rules.push({ ...rule });
  }

  /** The next matching request reaches the server at once; its answer is held until `release()`. `answered` resolves once the server has answered it. */
  holdAnswer(method: string, path: RegExp): { answered: Promise<void>; release: () => void } {
    let release = () => undefined as void;
    let answered = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const reached = new Promise<void>((resolve) => (answered = resolve));
    this.add({ method, path, times: 1, action: { kind: 'answerLate', until: held, answered } });
    return { answered: reached, release };
  }

  clear(): void {
    this.rules = [];
  }

  /** Cuts every WebSocket passing through (the client sees its socket close). */
  dropSockets(): void {
    for (const socket of this.upgraded) socket.destroy();
  }

  /** Resolves when no request is held or on its way: a late apply has happened by then. */
  idle(): Promise<void> {
    if (this.handling === 0) return Promise.resolve();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private take(method: string, path: string): FrontRule | undefined {
    const rule = this.rules.find((r) => r.method === method && r.path.test(path) && (r.times ?? Infinity) > 0);
    if (rule && rule.times !== undefined) rule.times -= 1;
    return rule;
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const body = await readAll(req);
    const path = (req.url ?? '/').split('?')[0]!;
    const rule = this.take(req.method ?? 'GET', path);
    if (!rule) return this.forward(req, body, res, (answer) => answer);
    this.acted.push(`${req.method} ${path}`);
    await rule.onMatch?.();
    const { action } = rule;
    switch (action.kind) {
      case 'loseRequest':
        req.socket.destroy();
        return;
      case 'applyLate':
        await new Promise((resolve) => setTimeout(resolve, action.delayMs));
        return this.forward(req, body, res, (answer) => answer);
      case 'answerLate': {
        const held = action.until.then(
          () => undefined,
          () => undefined,
        );
        return this.forward(req, body, res, (answer) => answer, held, action.answered);
      }
      case 'dropAnswer':
        return this.forward(req, body, res, () => {
          req.socket.destroy();
          return undefined;
        });
      case 'answerInstead': {
        const body = Buffer.from(action.body);
        res.writeHead(action.status, { 'content-type': 'application/json', ...action.headers, 'content-length': String(body.length) });
        res.end(body);
        return;
      }
      case 'rewriteList':
        return this.forward(req, body, res, (answer) => {
          const list: unknown = JSON.parse(answer.body.toString('utf8'));
          if (!Array.isArray(list)) return answer;
          return { ...answer, body: Buffer.from(JSON.stringify(action.rewrite(list))) };
        });
    }
  }

  private logPassedOn(req: IncomingMessage): void {
    this.passedOn.push({ at: Date.now(), run: String(req.headers[RUN_HEADER] ?? ''), what: `${req.method} ${req.url}` });
  }

  private forward(req: IncomingMessage, body: Buffer, res: ServerResponse, edit: (answer: Answer) => Answer | undefined, hold: Promise<void> = Promise.resolve(), answered?: () => void): Promise<void> {
    this.logPassedOn(req);
    return new Promise((resolve) => {
      const upstream = httpRequest({ host: '127.0.0.1', port: this.targetPort, method: req.method, path: req.url, headers: { ...req.headers, connection: 'close' } }, (answer) => {
        answered?.();
        void Promise.all([readAll(answer), hold]).then(([raw]) => {
          const edited = edit({ status: answer.statusCode ?? 502, headers: answer.headers, body: raw });
          if (edited && !res.destroyed) {
            const headers = { ...edited.headers, 'content-length': String(edited.body.length) };
            delete headers['transfer-encoding'];
            res.writeHead(edited.status, headers);
            res.end(edited.body);
          }
          resolve();
        });
      });
      upstream.on('error', () => {
        req.socket.destroy();
        resolve();
      });
      upstream.end(body);
    });
  }

  private pipeUpgrade(req: IncomingMessage, socket: Socket, head: Buffer): void {
    this.logPassedOn(req);
    this.upgraded.add(socket);
    socket.on('close', () => this.upgraded.delete(socket));
    const upstream = pipeUpgrade(req, socket, head, this.targetPort);
    this.sockets.add(upstream);
    upstream.on('close', () => {
      this.sockets.delete(upstream);
      socket.destroy();
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
    socket.on('close', () => upstream.destroy());
  }
}

interface Answer {
  status: number;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

function readAll(stream: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => resolve(Buffer.concat(chunks)));
    stream.on('error', reject);
  });
}
