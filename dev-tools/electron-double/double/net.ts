// What electron-updater calls, and no more: `net.request` with its ClientRequest
// and IncomingMessage, `session.fromPartition` and that session's
// `webRequest.onBeforeRequest`. After https://www.electronjs.org/docs/latest/api/net,
// …/api/client-request, …/api/incoming-message, …/api/session and …/api/web-request, and
// Electron 45's lib/common/api/net-client-request.ts for what the docs leave open (errors
// are `new Error('net::ERR_…')`, a cancelled manual redirect dies with "Redirect was
// cancelled", headers are lowercased and joined). The double reaches loopback hosts only,
// over Node's http/https, trusting the machine's certificates (the OS trust store).
import { EventEmitter } from 'node:events';
import { request as httpRequest, type IncomingMessage as NodeResponse, type ClientRequest as NodeRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { Readable, Writable } from 'node:stream';
import { conversionFailure, NotImplementedError, strict } from './strict';

type BeforeRequestListener = (details: BeforeRequestDetails, callback: (response: { cancel?: boolean; redirectURL?: string }) => void) => void;

export interface BeforeRequestDetails {
  id: number;
  url: string;
  method: string;
  resourceType: string;
  referrer: string;
  timestamp: number;
  uploadData: unknown[];
}

/** One request the app made, for the test to read. */
export interface NetRecord {
  url: string;
  method: string;
  partition: string;
  /** What came of it: a status code, a net error string, or 'blocked' (the session's onBeforeRequest cancelled it). */
  outcome: number | string;
}

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);
// Electron's IncomingMessage keeps only the first of these when a response repeats them (net-client-request.ts).
const FIRST_ONLY = new Set(['content-type', 'content-length', 'user-agent', 'referer', 'host', 'authorization', 'proxy-authorization', 'if-modified-since', 'if-unmodified-since', 'from', 'location', 'max-forwards', 'retry-after', 'etag', 'last-modified', 'server', 'age', 'expires']);
/** Chromium's limit (net/url_request/redirect_util). */
const MAX_REDIRECTS = 20;

let nextRequestId = 1;

/** A session from `session.fromPartition`: in memory (no cache is modelled), with its webRequest. */
export class PartitionSessionDouble {
  private beforeRequest: BeforeRequestListener | null = null;

  constructor(readonly partition: string) {
    this.webRequest = strict(
      {
        // web-request docs: `onBeforeRequest([filter, ]listener)`; one listener per event, a new one replaces it, null removes it.
        onBeforeRequest: (filterOrListener: unknown, maybeListener?: unknown): void => {
          const listener = maybeListener === undefined ? filterOrListener : maybeListener;
          if (maybeListener !== undefined && !coversAll(filterOrListener)) throw new NotImplementedError('webRequest.onBeforeRequest with a URL filter other than <all_urls> / *://*/*');
          if (listener !== null && typeof listener !== 'function') throw new TypeError('Must pass null or a Function');
          this.beforeRequest = listener as BeforeRequestListener | null;
        },
      },
      `session.fromPartition('${partition}').webRequest`,
      { pinned: ['WebRequest'] },
    );
  }

  readonly webRequest: { onBeforeRequest(filterOrListener: unknown, listener?: unknown): void };

  /** Asks main's listener, as Chromium does before every request and every redirect hop. */
  judge(url: string, method: string): Promise<boolean> {
    const listener = this.beforeRequest;
    if (!listener) return Promise.resolve(true);
    return new Promise((resolve) => {
      const details: BeforeRequestDetails = { id: nextRequestId++, url, method, resourceType: 'other', referrer: '', timestamp: Date.now(), uploadData: [] };
      listener(details, (response) => {
        if (response.redirectURL !== undefined) throw new NotImplementedError('webRequest.onBeforeRequest answering redirectURL');
        resolve(response.cancel !== true);
      });
    });
  }
}

function coversAll(filter: unknown): boolean {
  const urls = (filter as { urls?: unknown } | null)?.urls;
  return Array.isArray(urls) && urls.length > 0 && urls.every((pattern) => pattern === '<all_urls>' || pattern === '*://*/*');
}

export interface NetContext {
  isReady(): boolean;
  /** PEM certificates this machine trusts (the test's feed), besides none: the double has no OS store. */
  trustedCertificates(): readonly string[];
  record(entry: NetRecord): void;
}

/** IncomingMessage: a Readable with Electron's view of the status and headers. */
export class IncomingMessageDouble extends Readable {
  constructor(private readonly head: NodeResponse) {
    super();
  }

  get statusCode(): number {
    return this.head.statusCode ?? 0;
  }

  get statusMessage(): string {
    return this.head.statusMessage ?? '';
  }

  get headers(): Record<string, string | string[]> {
    const grouped = new Map<string, string[]>();
    const raw = this.head.rawHeaders;
    for (let i = 0; i + 1 < raw.length; i += 2) {
      const name = (raw[i] ?? '').toLowerCase();
      grouped.set(name, [...(grouped.get(name) ?? []), raw[i + 1] ?? '']);
    }
    const headers: Record<string, string | string[]> = {};
    for (const [name, values] of grouped) headers[name] = name === 'set-cookie' ? values : FIRST_ONLY.has(name) ? (values[0] ?? '') : values.join(', ');
    return headers;
  }

  get rawHeaders(): string[] {
    return [...this.head.rawHeaders];
  }

  override _read(): void {
    this.head.resume();
  }
}

type RedirectPolicy = 'follow' | 'error' | 'manual';

interface ParsedOptions {
  url: URL;
  method: string;
  headers: Record<string, string>;
  redirect: RedirectPolicy;
  session: PartitionSessionDouble;
}

function parseOptions(options: unknown, sessionOf: (given: unknown) => PartitionSessionDouble | undefined): ParsedOptions {
  const given = (typeof options === 'string' ? { url: options } : options) as Record<string, unknown>;
  if (typeof given !== 'object' || given === null) throw new TypeError('Options must be an object or a URL string');
  let url: string;
  if (typeof given.url === 'string') url = given.url;
  else {
    const path = typeof given.path === 'string' ? given.path : '/';
    // net-client-request.ts: only spaces are checked, "guaranteed to create an invalid request".
    if (/ /.test(path)) throw new TypeError('Request path contains unescaped characters');
    const protocol = typeof given.protocol === 'string' ? given.protocol : 'http:';
    const host = typeof given.host === 'string' ? given.host : `${typeof given.hostname === 'string' ? given.hostname : 'localhost'}${given.port ? `:${String(given.port)}` : ''}`;
    url = `${protocol}//${host}${path.startsWith('/') ? path : `/${path}`}`;
  }
  const parsed = new URL(url);
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') throw new Error('ClientRequest only supports http: and https: protocols');
  const redirect = (given.redirect ?? 'follow') as RedirectPolicy;
  if (!['follow', 'error', 'manual'].includes(redirect)) throw new Error('redirect mode should be one of follow, error or manual');
  if (given.headers != null && typeof given.headers !== 'object') throw new TypeError('headers must be an object');
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries((given.headers ?? {}) as Record<string, unknown>)) {
    if (value == null) throw new Error(`\`value\` required in setHeader("${name}", value)`);
    if (/[\r\n]/.test(name) || /[\r\n]/.test(String(value))) throw new Error(`Invalid value for header '${name}': '${String(value)}'`);
    headers[name] = String(value);
  }
  // electron-updater always passes the session of its own partition; the default session and `partition` are not modelled.
  if (given.session === undefined) throw new NotImplementedError(given.partition !== undefined ? 'net.request({ partition })' : 'net.request without a session (the default session)');
  const session = sessionOf(given.session);
  if (!session) {
    if (given.session !== null && typeof given.session === 'object' && 'webRequest' in given.session) throw new NotImplementedError('net.request with session.defaultSession');
    throw new TypeError('`session` should be an instance of the Session class');
  }
  return { url: parsed, method: (typeof given.method === 'string' ? given.method : 'GET').toUpperCase(), headers, redirect, session };
}

/** Chromium's names for what Node reports. */
function netError(error: NodeJS.ErrnoException): string {
  switch (error.code) {
    case 'ECONNREFUSED':
      return 'net::ERR_CONNECTION_REFUSED';
    case 'ECONNRESET':
    case 'EPIPE':
      return 'net::ERR_CONNECTION_RESET';
    case 'ETIMEDOUT':
      return 'net::ERR_CONNECTION_TIMED_OUT';
    case 'DEPTH_ZERO_SELF_SIGNED_CERT':
    case 'SELF_SIGNED_CERT_IN_CHAIN':
    case 'UNABLE_TO_VERIFY_LEAF_SIGNATURE':
    case 'UNABLE_TO_GET_ISSUER_CERT_LOCALLY':
      return 'net::ERR_CERT_AUTHORITY_INVALID';
    case 'ERR_TLS_CERT_ALTNAME_INVALID':
      return 'net::ERR_CERT_COMMON_NAME_INVALID';
    case 'CERT_HAS_EXPIRED':
      return 'net::ERR_CERT_DATE_INVALID';
    default:
      return 'net::ERR_FAILED';
  }
}

/** ClientRequest: a Writable; the request starts at end(). */
export class ClientRequestDouble extends Writable {
  private aborted = false;
  private started = false;
  private followRedirectCallback: (() => void) | undefined;
  private nodeRequest: NodeRequest | undefined;
  private response: IncomingMessageDouble | undefined;
  private readonly options: ParsedOptions;

  constructor(
    options: unknown,
    private readonly context: NetContext,
    sessionOf: (given: unknown) => PartitionSessionDouble | undefined,
  ) {
    super({ autoDestroy: true });
    this.options = parseOptions(options, sessionOf);
  }

  override _write(): void {
    throw new NotImplementedError('ClientRequest.write (a request body)');
  }

  override _final(callback: () => void): void {
    this.started = true;
    void this.send(this.options.url, this.options.method, 0);
    callback();
  }

  followRedirect(): void {
    if (!this.followRedirectCallback) throw new Error('followRedirect() called, but was not waiting for a redirect');
    this.followRedirectCallback();
  }

  abort(): void {
    if (!this.aborted) process.nextTick(() => this.emit('abort'));
    this.aborted = true;
    this.die();
  }

  setHeader(name: string, value: string): void {
    if (this.started) throw new Error("Can't set headers after they are sent");
    this.options.headers[name] = String(value);
  }

  getHeader(name: string): string | undefined {
    const key = Object.keys(this.options.headers).find((candidate) => candidate.toLowerCase() === name.toLowerCase());
    return key === undefined ? undefined : this.options.headers[key];
  }

  private record(url: URL, outcome: number | string): void {
    this.context.record({ url: url.href, method: this.options.method, partition: this.options.session.partition, outcome });
  }

  /**
   * net-client-request.ts `_die`: the response (if any) and the request are destroyed with
   * the error. The request ended at end() and auto-destroyed, so the error is emitted by hand.
   */
  private die(error?: Error): void {
    if (this.destroyed && error) this.emit('error', error);
    this.destroy(error);
    this.nodeRequest?.destroy();
    if (this.response && !this.response.destroyed) this.response.destroy(error);
  }

  private fail(url: URL, netErrorString: string): void {
    if (this.aborted) return;
    this.record(url, netErrorString);
    this.die(new Error(netErrorString));
  }

  private async send(url: URL, method: string, hops: number): Promise<void> {
    if (this.aborted) return;
    if (!(await this.options.session.judge(url.href, method))) return this.fail(url, 'net::ERR_BLOCKED_BY_CLIENT');
    if (this.aborted) return;
    if (!LOOPBACK.has(url.hostname)) return this.fail(url, 'net::ERR_NAME_NOT_RESOLVED');
    const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
    const request = send(url, { method, headers: this.options.headers, agent: false, ...(url.protocol === 'https:' ? { ca: [...this.context.trustedCertificates()] } : {}) });
    this.nodeRequest = request;
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (!this.response) this.fail(url, netError(error));
    });
    request.on('response', (head) => this.received(url, method, hops, head));
    request.end();
  }

  private received(url: URL, method: string, hops: number, head: NodeResponse): void {
    const status = head.statusCode ?? 0;
    const location = head.headers.location;
    if (status >= 300 && status < 400 && location !== undefined) {
      head.resume();
      this.record(url, status);
      const target = new URL(location, url);
      if (hops + 1 > MAX_REDIRECTS) return this.fail(target, 'net::ERR_TOO_MANY_REDIRECTS');
      const nextMethod = status === 303 || ((status === 301 || status === 302) && method === 'POST') ? 'GET' : method;
      const headers = new IncomingMessageDouble(head).headers;
      if (this.options.redirect === 'error') return this.die(new Error("Attempted to redirect, but redirect policy was 'error'"));
      let follow = this.options.redirect === 'follow';
      this.followRedirectCallback = () => (follow = true);
      try {
        this.emit('redirect', status, nextMethod, target.href, headers);
      } finally {
        this.followRedirectCallback = undefined;
      }
      if (this.aborted) return;
      if (!follow) return this.die(new Error('Redirect was cancelled'));
      void this.send(target, nextMethod, hops + 1);
      return;
    }
    const response = new IncomingMessageDouble(head);
    this.response = response;
    this.record(url, status);
    head.on('data', (chunk: Buffer) => {
      if (!response.push(chunk)) head.pause();
    });
    head.on('end', () => {
      if (head.complete) response.push(null);
    });
    // A body cut short: Chromium reports the length (or chunking) it did not get as a net error.
    head.on('close', () => {
      if (head.complete) return;
      const chunked = /chunked/i.test(String(head.headers['transfer-encoding'] ?? ''));
      this.fail(url, chunked ? 'net::ERR_INCOMPLETE_CHUNKED_ENCODING' : 'net::ERR_CONTENT_LENGTH_MISMATCH');
    });
    head.on('error', () => undefined);
    this.emit('response', response);
  }
}

/**
 * `net` (request() after ready; fetch, isOnline, resolveHost… are not modelled) and the
 * sessions `session.fromPartition` hands out, which are what net.request takes.
 */
export class NetDouble {
  readonly requests: NetRecord[] = [];
  /** What main holds (the strict view) → the double's session behind it. */
  private readonly sessions = new Map<string, { seen: object; double: PartitionSessionDouble }>();

  constructor(private readonly context: Omit<NetContext, 'record'>) {}

  request = (options: unknown, callback?: (response: IncomingMessageDouble) => void): ClientRequestDouble => {
    // lib/browser/api/net.ts: "net module can only be used after app is ready".
    if (!this.context.isReady()) throw new Error('net module can only be used after app is ready');
    const sessionOf = (given: unknown) => [...this.sessions.values()].find((entry) => entry.seen === given)?.double;
    const request = new ClientRequestDouble(options, { ...this.context, record: (entry) => this.requests.push(entry) }, sessionOf);
    if (callback) request.once('response', callback);
    // Not wrapped in strict(): Node's stream internals probe properties a Writable lacks (_readableState).
    return request;
  };

  /** session.fromPartition: the same Session for the same partition; after ready only (Electron's TypeError, as for defaultSession). */
  fromPartition = (partition: unknown, options?: unknown): object => {
    if (!this.context.isReady()) throw new TypeError('Session can only be received when app is ready');
    if (typeof partition !== 'string') throw conversionFailure(0, partition);
    if (options !== undefined && (typeof options !== 'object' || options === null)) throw conversionFailure(1, options);
    let found = this.sessions.get(partition);
    if (!found) {
      const double = new PartitionSessionDouble(partition);
      found = { double, seen: strict(double, `session.fromPartition('${partition}')`, { pinned: ['Session'] }) };
      this.sessions.set(partition, found);
    }
    return found.seen;
  };

  /** Test side: the double behind a partition's session. */
  partition(name: string): PartitionSessionDouble | undefined {
    return this.sessions.get(name)?.double;
  }
}

/**
 * `autoUpdater` on Linux, after …/api/auto-updater: Electron has no updater there, but the
 * module is an EventEmitter; electron-updater emits `before-quit-for-update` on it from
 * quitAndInstall. Its methods (checkForUpdates, setFeedURL, quitAndInstall) are not
 * modelled: the app never calls them (strict throws, naming them).
 */
export class AutoUpdaterDouble extends EventEmitter {
  readonly emitted: string[] = [];

  constructor() {
    super();
    // Main calls emit on the strict view (`this` is the proxy there): the record is reached through the double itself.
    const emit = EventEmitter.prototype.emit;
    this.emit = (event: string | symbol, ...args: unknown[]): boolean => {
      this.emitted.push(String(event));
      return emit.call(this, event, ...args);
    };
  }
}
