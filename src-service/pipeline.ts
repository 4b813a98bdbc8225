// The HTTP and upgrade entry points: the demo's host guard, admission, routing, body
// checks, the handler, and the docs/api.md §2.5 error body for every refusal (docs/api.md §9 deprecation headers
// on every /v1/ answer). Any unexpected exception becomes a 500 with the error body: the
// process never dies of a request, and handlers validate fully before they change state.
// The body is read only once the token, the rate limit and the route allow it:
// a client without a token cannot make the service read (or wait for) a body.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { admit } from './admission';
import type { AdmissionDeps, Admitted, RequestLogEntry } from './admission';
import type { Handler, ServiceDeps } from './context';
import { requestedTimeZone } from './counter-rules';
import { ServiceCode, ServiceError } from './errors';
import { MAX_BODY_BYTES, readBody, writeJson } from './http-io';
import { createRouter } from './router';
import { v1Routes } from './v1-routes';
import { v2Routes } from './v2-routes';
import { deprecationHeaders, isV1Path } from './versioning';
import { withExtras } from './views';
import type { WsHub } from './ws-hub';

export interface PipelineDeps extends AdmissionDeps {
  service: ServiceDeps;
  hub: WsHub;
  log: RequestLogEntry[];
  baseUrl: () => string;
  /**
   * The demo's guard: the Host header must be exactly this (`127.0.0.1:<port>`), and a
   * request carrying an Origin header (a browser's) is refused, so neither a web page that
   * rebinds a name to 127.0.0.1 nor one on this machine can drive the service.
   */
  onlyHost?: () => string;
  /** A connection that carried a known token (rate-limited or not): the cap never closes it to make room (connection-gate.ts). */
  trustConnection?: (socket: Duplex) => void;
}

const upgradeRequired: Handler = () => {
  throw new ServiceError(426, ServiceCode.BadRequest, 'This endpoint needs a WebSocket upgrade');
};

const route = createRouter<Handler>([
  ...v1Routes,
  ...v2Routes,
  { method: 'GET', path: '/v1/ws', handler: upgradeRequired },
  { method: 'GET', path: '/v2/ws', handler: upgradeRequired },
]);

function errorBody(deps: PipelineDeps, e: unknown): { status: number; body: unknown; headers: Record<string, string> } {
  const err = e instanceof ServiceError ? e : new ServiceError(500, ServiceCode.Internal, 'Internal error');
  return { status: err.status, body: withExtras(deps.variant, { message: err.message, code: err.code }), headers: err.headers };
}

export async function handleRequest(deps: PipelineDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const method = req.method ?? 'GET';
  const url = requestUrl(req.url);
  const pathname = url.pathname;
  const versionHeaders = isV1Path(pathname) ? deprecationHeaders(deps.baseUrl(), pathname) : {};
  const seen: { userId?: string } = {};
  let status: number;
  try {
    guardHost(deps, req);
    const { userId } = admitAndTrust(deps, req, req.socket, pathname, seen);
    const match = route(method, pathname);
    if (match.kind === 'notFound') throw new ServiceError(404, ServiceCode.RouteNotFound, `No endpoint ${pathname}`);
    if (match.kind === 'methodNotAllowed') {
      throw new ServiceError(405, ServiceCode.MethodNotAllowed, `${method} is not allowed on ${pathname}`, { Allow: match.allow.join(', ') });
    }
    if (Number(req.headers['content-length'] ?? 0) > MAX_BODY_BYTES) throw new ServiceError(413, ServiceCode.PayloadTooLarge, 'The request body is too large');
    const body = await readBody(req);
    if (body.aborted) return; // the client is gone: a truncated body is never applied
    if (body.tooLarge) throw new ServiceError(413, ServiceCode.PayloadTooLarge, 'The request body is too large');
    const reply = match.handler({ deps: deps.service, userId, params: match.params, query: url.searchParams, body: body.bytes, contentType: req.headers['content-type'] });
    status = reply.status;
    writeJson(res, reply.status, reply.body, { ...versionHeaders, ...reply.headers });
  } catch (e) {
    const answer = errorBody(deps, e);
    status = answer.status;
    // Refused before its body was read: close the connection rather than read (or wait for) the rest.
    const bodyExpected = Number(req.headers['content-length'] ?? 0) > 0 || req.headers['transfer-encoding'] !== undefined;
    const unread: Record<string, string> = bodyExpected && !req.complete ? { Connection: 'close' } : {};
    writeJson(res, answer.status, answer.body, { ...versionHeaders, ...answer.headers, ...unread });
  }
  record(deps.log, { at: deps.now(), userId: seen.userId, method, path: pathname, status });
}

export function handleUpgrade(deps: PipelineDeps, req: IncomingMessage, socket: Duplex, head: Buffer): void {
  socket.on('error', () => socket.destroy());
  const url = requestUrl(req.url);
  const pathname = url.pathname;
  const seen: { userId?: string } = {};
  let status = 101;
  // docs/api.md §9.2 "every response on a /v1/ path": the 101 and the refusals alike.
  const versionHeaders = isV1Path(pathname) ? deprecationHeaders(deps.baseUrl(), pathname) : {};
  try {
    guardHost(deps, req);
    const { userId, token } = admitAndTrust(deps, req, socket, pathname, seen);
    const problem = handshakeProblem(req);
    if (problem) throw new ServiceError(400, ServiceCode.BadRequest, problem);
    const version = pathname === '/v1/ws' ? 'v1' : pathname === '/v2/ws' ? 'v2' : undefined;
    if (!version) throw new ServiceError(404, ServiceCode.RouteNotFound, `No WebSocket endpoint ${pathname}`);
    const timeZone = version === 'v2' ? requestedTimeZone(url.searchParams, deps.variant.timezoneDefault) : deps.variant.timezoneDefault;
    deps.hub.accept(req, socket, head, { userId, token, version, timeZone }, versionHeaders);
  } catch (e) {
    const answer = errorBody(deps, e);
    status = answer.status;
    rejectUpgrade(socket, answer.status, answer.body, { ...versionHeaders, ...answer.headers });
  }
  record(deps.log, { at: deps.now(), userId: seen.userId, method: 'GET', path: pathname, status });
}

/** admit(), and the connection trusted as soon as its token is known, before any await (a body, a handler). */
function admitAndTrust(deps: PipelineDeps, req: IncomingMessage, socket: Duplex, pathname: string, seen: { userId?: string }): Admitted {
  try {
    return admit(deps, req, pathname, seen);
  } finally {
    if (seen.userId !== undefined) deps.trustConnection?.(socket);
  }
}

/** The demo's guard (see `onlyHost`); the tests' and the CLI's services have none. */
function guardHost(deps: PipelineDeps, req: IncomingMessage): void {
  if (!deps.onlyHost) return;
  if (req.headers.host !== deps.onlyHost()) throw new ServiceError(403, ServiceCode.Forbidden, 'This service answers only requests addressed to its own loopback address');
  if (req.headers.origin !== undefined || req.headers['sec-websocket-origin'] !== undefined) throw new ServiceError(403, ServiceCode.Forbidden, 'This service does not answer web pages');
}

/** Keeps the newest entries only, so a long-running demo service does not grow without bound. */
export const REQUEST_LOG_LIMIT = 50_000;

function record(log: RequestLogEntry[], entry: RequestLogEntry): void {
  log.push(entry);
  if (log.length > REQUEST_LOG_LIMIT) log.splice(0, log.length - REQUEST_LOG_LIMIT);
}

/**
 * The checks `ws` makes before it upgrades, done here first so a bad handshake is answered
 * with the docs/api.md §2.5 error body instead of `ws`'s plain-text 400.
 */
function handshakeProblem(req: IncomingMessage): string | undefined {
  if (req.method !== 'GET') return 'A WebSocket upgrade must use GET';
  if (req.headers.upgrade?.toLowerCase() !== 'websocket') return 'The Upgrade header must be websocket';
  if (!/^[+/0-9A-Za-z]{22}==$/.test(req.headers['sec-websocket-key'] ?? '')) return 'Missing or invalid Sec-WebSocket-Key';
  const version = req.headers['sec-websocket-version'];
  if (version !== '8' && version !== '13') return 'Unsupported Sec-WebSocket-Version (13 expected)';
  return undefined;
}

/**
 * Origin-form targets only: `new URL('//host/x', base)` would read `host` as a host, so the
 * target is appended to a fixed origin instead; anything unparsable routes nowhere (404).
 */
function requestUrl(target: string | undefined): URL {
  try {
    return new URL(`http://localhost${target?.startsWith('/') ? target : '/'}`);
  } catch {
    return new URL('http://localhost/');
  }
}

/** Answers a refused upgrade with a plain HTTP response carrying the error body, then closes. */
function rejectUpgrade(socket: Duplex, status: number, body: unknown, headers: Record<string, string>): void {
  const text = JSON.stringify(body);
  const lines = [
    `HTTP/1.1 ${status} ${STATUS_TEXT[status] ?? 'Error'}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(text)}`,
    'Connection: close',
    ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
  ];
  socket.end(`${lines.join('\r\n')}\r\n\r\n${text}`);
}

const STATUS_TEXT: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  410: 'Gone',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
};
