// docs/api.md §6: JSON-RPC 2.0 notifications (no id) on /v1/ws and /v2/ws, sent only to sockets of
// users who are members. v2 `value` is resolved in each connection's own timezone; v1
// counterUpdated params are `counterId` plus the updated Counter v1 (docs/api.md O19).
// Client messages are ignored; `ws` answers protocol pings itself (docs/api.md O18).
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { WebSocket } from 'ws';
import type { Notifier } from './context';
import type { CounterRecord } from './fixtures';
import { memberOf } from './store';
import { counterUpdatedParamsV1, counterUpdatedParamsV2, withExtras } from './views';
import type { ViewContext } from './views';

export interface SocketInfo {
  userId: string;
  token: string;
  version: 'v1' | 'v2';
  timeZone: string;
}

interface Connection extends SocketInfo {
  ws: WebSocket;
}

/** Close code sent when a token is revoked while its socket is open (RFC 6455 1008: policy violation). */
export const CLOSE_TOKEN_REVOKED = 1008;
/** Close codes sent to every socket when the service stops (RFC 6455 1001 Going Away) or restarts (IANA registry: 1012 Service Restart). */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_SERVICE_RESTART = 1012;
/** How long a client has to answer the close frame before its socket is cut (ws's own default is 30 s). */
const CLOSE_GRACE_MS = 1000;

export class WsHub implements Notifier {
  private readonly wss = new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 });
  private readonly connections = new Set<Connection>();
  /** Headers for the 101 of a given upgrade request (docs/api.md §9.2 on /v1/ws); `ws` asks through its `headers` event. */
  private readonly upgradeHeaders = new WeakMap<IncomingMessage, Record<string, string>>();

  constructor(private readonly view: ViewContext) {
    // `ws` writes the 101 itself; this event is its only hook to add lines to it.
    this.wss.on('headers', (lines: string[], req: IncomingMessage) => {
      for (const [name, value] of Object.entries(this.upgradeHeaders.get(req) ?? {})) lines.push(`${name}: ${value}`);
    });
  }

  /** `headers`: extra headers for the 101 answer (the docs/api.md §9.2 deprecation headers on /v1/ws). */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer, info: SocketInfo, headers: Record<string, string> = {}): void {
    this.upgradeHeaders.set(req, headers);
    this.wss.handleUpgrade(req, socket, head, (ws) => {
      const conn: Connection = { ...info, ws };
      this.connections.add(conn);
      ws.on('close', () => this.connections.delete(conn));
      ws.on('error', () => ws.terminate());
      ws.on('message', () => {}); // docs/api.md O18: the protocol has no client messages
    });
  }

  get openCount(): number {
    return this.connections.size;
  }

  counterUpdated(counter: CounterRecord): void {
    for (const conn of this.membersOf(counter, [])) {
      const params = conn.version === 'v2' ? counterUpdatedParamsV2(counter, conn.timeZone, this.view) : counterUpdatedParamsV1(counter, this.view);
      this.notify(conn, 'counterUpdated', params);
    }
  }

  counterDeleted(counter: CounterRecord): void {
    const v = this.view.variant.deletedParams;
    const params = v === 'empty' ? {} : v === 'id' ? { id: counter.id } : { counterId: counter.id };
    for (const conn of this.membersOf(counter, [])) this.notify(conn, 'counterDeleted', withExtras(this.view.variant, params));
  }

  /** `userIds`: everyone who was or is a member, so a removed member learns it too. */
  memberlistChanged(counter: CounterRecord, userIds: string[]): void {
    const params = this.view.variant.memberlistParams === 'empty' ? {} : { counterId: counter.id };
    for (const conn of this.membersOf(counter, userIds)) this.notify(conn, 'counterMemberlistChanged', withExtras(this.view.variant, params));
  }

  broadcastRaw(userId: string, text: string): void {
    for (const conn of this.connections) if (sameId(conn.userId, userId)) conn.ws.send(text);
  }

  closeToken(token: string): void {
    for (const conn of this.connections) if (conn.token === token) conn.ws.close(CLOSE_TOKEN_REVOKED, 'token revoked');
  }

  /**
   * Closes every socket with `code` (clients tell a restart from their own network
   * failing by it) and resolves once each has closed, cutting any that has not answered
   * within CLOSE_GRACE_MS.
   */
  async closeAll(code: typeof CLOSE_GOING_AWAY | typeof CLOSE_SERVICE_RESTART): Promise<void> {
    const reason = code === CLOSE_SERVICE_RESTART ? 'Service Restart' : 'Going Away';
    const closing = [...this.connections].map(
      ({ ws }) =>
        new Promise<void>((resolve) => {
          if (ws.readyState === ws.CLOSED) return resolve();
          const cut = setTimeout(() => ws.terminate(), CLOSE_GRACE_MS);
          ws.once('close', () => {
            clearTimeout(cut);
            resolve();
          });
          ws.close(code, reason);
        }),
    );
    await Promise.all(closing);
    this.connections.clear();
  }

  /** Cuts every socket without a close frame: what a crash or a cut network looks like to a client. */
  terminateAll(): void {
    for (const conn of this.connections) conn.ws.terminate();
    this.connections.clear();
  }

  private membersOf(counter: CounterRecord, extraUserIds: string[]): Connection[] {
    return [...this.connections].filter(
      (c) => c.ws.readyState === c.ws.OPEN && (memberOf(counter, c.userId) !== undefined || extraUserIds.some((u) => sameId(u, c.userId))),
    );
  }

  private notify(conn: Connection, method: string, params: unknown): void {
    const variant = this.view.variant;
    if (variant.unknownMethods) {
      conn.ws.send(JSON.stringify({ jsonrpc: '2.0', method: 'serverAnnouncement', params: withExtras(variant, { text: 'an unknown method: ignore it' }) }));
    }
    conn.ws.send(JSON.stringify(withExtras(variant, { jsonrpc: '2.0', method, params })));
  }
}

function sameId(a: string, b: string): boolean {
  return a.toLowerCase() === b.toLowerCase();
}
