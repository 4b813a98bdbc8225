// What the double gained for electron-updater keeps Electron's documented
// behaviour: net.request (net, client-request, incoming-message), session.fromPartition and
// its webRequest.onBeforeRequest (session, web-request), and autoUpdater's event on Linux
// (auto-updater). Wording from Electron 45's lib/common/api/net-client-request.ts where
// the docs give none. Against real loopback servers: an http one, and the https update feed.
import { once } from 'node:events';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowserContext } from '@playwright/test';
import { ElectronDouble } from '../../dev-tools/electron-double/double/electron-double';
import type { ClientRequestDouble, IncomingMessageDouble } from '../../dev-tools/electron-double/double/net';
import { NotImplementedError } from '../../dev-tools/electron-double/double/strict';
import { UpdateFeed } from '../support/update-feed';

function double(trusted: string[] = []) {
  const electron = new ElectronDouble({
    userData: '/tmp/counter-tray-rules/Counter Tray',
    argv: ['electron', '.'],
    context: () => new Promise<BrowserContext>(() => undefined),
    locks: new Map(),
    keyringKey: Buffer.alloc(32, 7),
    trustedCertificates: trusted,
  });
  return electron;
}

function ready(trusted: string[] = []) {
  const electron = double(trusted);
  electron.app.emitReady();
  return electron;
}

interface Session {
  webRequest: { onBeforeRequest(filterOrListener: unknown, listener?: unknown): void };
}
/** The modules as main sees them (strict, pinned to electron.d.ts). */
const seen = (electron: ElectronDouble) =>
  electron.module as unknown as { net: { request(options: unknown): ClientRequestDouble }; session: { fromPartition(partition: unknown, options?: unknown): Session }; autoUpdater: { emit(event: string): boolean; checkForUpdates(): void } };
/** net.request in electron-updater's partition, as it makes every request. */
const request = (electron: ElectronDouble, options: string | Record<string, unknown>) =>
  seen(electron).net.request({ ...(typeof options === 'string' ? { url: options } : options), session: seen(electron).session.fromPartition('electron-updater', { cache: false }) });

/** What a request ends in: its response (status, headers, body) or the error it emitted. */
function outcome(request: ClientRequestDouble): Promise<{ status?: number; headers?: Record<string, string | string[]>; body?: string; error?: string; responseError?: string }> {
  return new Promise((resolve) => {
    request.on('error', (error: Error) => resolve({ error: error.message }));
    request.on('response', (response: IncomingMessageDouble) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', (error: Error) => resolve({ status: response.statusCode, responseError: error.message }));
      response.on('end', () => resolve({ status: response.statusCode, headers: response.headers, body: Buffer.concat(chunks).toString() }));
    });
    request.end();
  });
}

let server: Server;
let base: string;
let feed: UpdateFeed;

beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === '/redirect') return void response.writeHead(302, { location: '/plain' }).end();
    if (request.url === '/headers') {
      response.setHeader('x-many', ['a', 'b']);
      response.setHeader('content-type', 'text/plain');
      return void response.end('h');
    }
    if (request.url === '/cut') {
      response.writeHead(200, { 'content-length': 100 });
      return void response.write('half', () => response.socket?.destroy());
    }
    response.end(`plain ${request.method ?? ''} ${request.headers['x-sent'] ?? ''}`);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const address = server.address();
  base = typeof address === 'object' && address ? `http://127.0.0.1:${address.port}` : '';
  feed = await UpdateFeed.start();
  feed.putText('hello.txt', 'over tls');
});

afterAll(async () => {
  server.close();
  await feed.close();
});

describe('net, session.fromPartition, autoUpdater (what electron-updater calls)', () => {
  it('net and session.fromPartition only after ready (net.ts; electron_api_session.cc)', () => {
    const early = double();
    expect(() => seen(early).net.request(`${base}/plain`)).toThrow('net module can only be used after app is ready');
    expect(() => seen(early).session.fromPartition('electron-updater', { cache: false })).toThrow(new TypeError('Session can only be received when app is ready'));
  });

  it('fromPartition gives the same session for the same partition', () => {
    const { session } = seen(ready());
    const a = session.fromPartition('electron-updater', { cache: false });
    expect(session.fromPartition('electron-updater')).toBe(a);
    expect(session.fromPartition('other') === a).toBe(false);
    expect(() => session.fromPartition(42)).toThrow('Error processing argument at index 0, conversion failure from');
    // Main sees what electron.d.ts declares for a Session, nothing of the double's own.
    expect(() => (a as unknown as { judge: unknown }).judge).toThrow(NotImplementedError);
    expect(() => (a as unknown as { clearCache: unknown }).clearCache).toThrow(NotImplementedError);
  });

  it('ClientRequest options as Electron parses them: http/https only, no spaces in the path, a Session instance, a redirect mode', () => {
    const electron = ready();
    const { net } = seen(electron);
    expect(() => request(electron, 'file:///etc/passwd')).toThrow('ClientRequest only supports http: and https: protocols');
    expect(() => request(electron, { protocol: 'http:', hostname: '127.0.0.1', path: '/a b' })).toThrow('Request path contains unescaped characters');
    expect(() => net.request({ url: `${base}/plain`, session: {} })).toThrow('`session` should be an instance of the Session class');
    expect(() => request(electron, { url: `${base}/plain`, redirect: 'sometimes' })).toThrow('redirect mode should be one of follow, error or manual');
    // Only what electron-updater does: a session of its own partition.
    expect(() => net.request({ url: `${base}/plain`, partition: 'p' })).toThrow(NotImplementedError);
    expect(() => net.request(`${base}/plain`)).toThrow(NotImplementedError);
    expect(() => (net as unknown as { requests: unknown }).requests, "the double's record is the test's, not main's").toThrow(NotImplementedError);
  });

  it('a request starts at end(); the response is a readable with lowercased headers, repeated ones joined (net-client-request.ts)', async () => {
    const electron = ready();
    expect(await outcome(request(electron, { protocol: 'http:', hostname: '127.0.0.1', port: Number(new URL(base).port), path: '/headers' }))).toMatchObject({ status: 200, body: 'h', headers: { 'x-many': 'a, b', 'content-type': 'text/plain' } });
    expect(electron.net.requests).toEqual([{ url: `${base}/headers`, method: 'GET', partition: 'electron-updater', outcome: 200 }]);
  });

  it('redirect "manual": emitted with (status, method, url, headers); without followRedirect() it dies with "Redirect was cancelled"; followRedirect() follows', async () => {
    const electron = ready();
    const cancelled = request(electron, { url: `${base}/redirect`, redirect: 'manual' });
    const seen: unknown[] = [];
    cancelled.on('redirect', (...args: unknown[]) => seen.push(args.slice(0, 3)));
    expect(await outcome(cancelled)).toEqual({ error: 'Redirect was cancelled' });
    expect(seen).toEqual([[302, 'GET', `${base}/plain`]]);
    const followed = request(electron, { url: `${base}/redirect`, redirect: 'manual' });
    followed.on('redirect', () => followed.followRedirect());
    expect(await outcome(followed)).toMatchObject({ status: 200, body: 'plain GET ' });
    expect(() => followed.followRedirect()).toThrow('followRedirect() called, but was not waiting for a redirect');
    expect(await outcome(request(electron, { url: `${base}/redirect`, redirect: 'error' }))).toEqual({ error: "Attempted to redirect, but redirect policy was 'error'" });
  });

  it("the session's onBeforeRequest sees every request, each redirect hop too, and cancel: true is net::ERR_BLOCKED_BY_CLIENT", async () => {
    const electron = ready();
    const session = seen(electron).session.fromPartition('electron-updater');
    const asked: string[] = [];
    session.webRequest.onBeforeRequest((details: { url: string }, callback: (r: { cancel: boolean }) => void) => {
      asked.push(details.url);
      callback({ cancel: details.url.endsWith('/plain') });
    });
    expect(await outcome(request(electron, `${base}/redirect`))).toEqual({ error: 'net::ERR_BLOCKED_BY_CLIENT' });
    expect(asked).toEqual([`${base}/redirect`, `${base}/plain`]);
    expect(electron.net.requests.map((r) => r.outcome)).toEqual([302, 'net::ERR_BLOCKED_BY_CLIENT']);
    expect(() => session.webRequest.onBeforeRequest({ urls: ['https://x/*'] }, () => undefined)).toThrow(NotImplementedError);
    expect(() => session.webRequest.onBeforeRequest('nope')).toThrow('Must pass null or a Function');
  });

  it('errors are Chromium net errors: refused connection, a body cut short, an untrusted certificate, a host off this machine', async () => {
    const electron = ready();
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as { port: number }).port;
    closed.close();
    await once(closed, 'close');
    expect(await outcome(request(electron, `http://127.0.0.1:${port}/`))).toEqual({ error: 'net::ERR_CONNECTION_REFUSED' });
    // The loader's error reaches the request (at once) and the response it had started (as Electron's _die does).
    const cut = request(electron, `${base}/cut`);
    const responseError = new Promise<string>((resolve) => cut.on('response', (response: IncomingMessageDouble) => response.on('error', (error: Error) => resolve(error.message))));
    expect(await outcome(cut)).toEqual({ error: 'net::ERR_CONTENT_LENGTH_MISMATCH' });
    expect(await responseError).toBe('net::ERR_CONTENT_LENGTH_MISMATCH');
    expect(await outcome(request(electron, `${feed.url}hello.txt`))).toEqual({ error: 'net::ERR_CERT_AUTHORITY_INVALID' });
    expect(await outcome(request(electron, 'https://downloads.counttogether.app/counter-tray/latest-linux.yml'))).toEqual({ error: 'net::ERR_NAME_NOT_RESOLVED' });
    // The machine's trust store holds the feed's certificate: then TLS is fine.
    expect(await outcome(request(ready([feed.certificate]), `${feed.url}hello.txt`))).toMatchObject({ status: 200, body: 'over tls' });
  });

  it('abort() emits abort once and no response', async () => {
    const aborted = request(ready(), `${base}/plain`);
    const aborts: number[] = [];
    aborted.on('abort', () => aborts.push(1));
    aborted.on('error', () => undefined);
    aborted.on('response', () => aborts.push(99));
    const settled = Promise.all([once(aborted, 'abort'), once(aborted, 'close')]);
    aborted.end();
    aborted.abort();
    aborted.abort();
    await settled;
    // 'abort' comes on a next tick (net-client-request.ts): after one turn of the loop a second one would have come too.
    await new Promise(setImmediate);
    expect(aborts).toEqual([1]);
  });

  it('autoUpdater on Linux: an EventEmitter (electron-updater emits before-quit-for-update); its methods are not modelled', () => {
    const electron = ready();
    const { autoUpdater } = seen(electron);
    autoUpdater.emit('before-quit-for-update');
    expect(electron.autoUpdater.emitted).toEqual(['before-quit-for-update']);
    expect(() => autoUpdater.checkForUpdates()).toThrow(NotImplementedError);
    expect(() => (autoUpdater as unknown as { emitted: unknown }).emitted).toThrow(NotImplementedError);
  });
});
