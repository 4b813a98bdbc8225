// The service's connection cap, made fair. A connection is unproven until it carries a
// request whose token the service knows (or becomes a WebSocket that way): any local process
// can open unproven connections without a token, so they never hold a slot against anyone.
// When the cap is full, a new connection takes the slot of the longest-held unproven one
// (those still waiting for their first request head first); only a cap full of proven
// connections turns a newcomer away. An unproven connection also has a shorter time
// (`firstHeadTimeoutMs`) to send its first complete request head than a request has later
// (`headersTimeoutMs`, Node's own check), so idle half-open sockets do not pile up.
import type { Duplex } from 'node:stream';

export interface GateLimits {
  /** Open connections (HTTP and WebSocket) at once. */
  maxConnections: number;
  /** A new connection that has not sent one complete request head by then is closed. */
  firstHeadTimeoutMs: number;
}

export interface ConnectionGate {
  /** A new connection: admitted, possibly by closing the longest-held unproven one, or closed. */
  admit(socket: Duplex): void;
  /** The connection carried a complete request head (its first-head time no longer runs). */
  headArrived(socket: Duplex): void;
  /** The connection carried a request with a known token: it is never closed to make room. */
  trust(socket: Duplex): void;
}

export function createFairGate(limits: GateLimits): ConnectionGate {
  /** Insertion order is arrival order: the first is the longest held. */
  const awaitingHead = new Map<Duplex, NodeJS.Timeout>();
  const headed = new Set<Duplex>();
  const trusted = new Set<Duplex>();

  const forget = (socket: Duplex): void => {
    const timer = awaitingHead.get(socket);
    if (timer) clearTimeout(timer);
    awaitingHead.delete(socket);
    headed.delete(socket);
    trusted.delete(socket);
  };

  const longestHeldUnproven = (): Duplex | undefined => awaitingHead.keys().next().value ?? headed.values().next().value;

  return {
    admit(socket) {
      if (awaitingHead.size + headed.size + trusted.size >= limits.maxConnections) {
        const victim = longestHeldUnproven();
        if (!victim) {
          socket.destroy();
          return;
        }
        forget(victim);
        victim.destroy();
      }
      const timer = setTimeout(() => {
        forget(socket);
        socket.destroy();
      }, limits.firstHeadTimeoutMs);
      timer.unref();
      awaitingHead.set(socket, timer);
      socket.once('close', () => forget(socket));
    },
    headArrived(socket) {
      const timer = awaitingHead.get(socket);
      if (timer === undefined) return;
      clearTimeout(timer);
      awaitingHead.delete(socket);
      headed.add(socket);
    },
    trust(socket) {
      if (trusted.has(socket) || !(awaitingHead.has(socket) || headed.has(socket))) return;
      forget(socket);
      trusted.add(socket);
    },
  };
}
