// The preload's role over loopback HTTP, for `npm run dev:web` in an ordinary browser:
// POST /__bridge/invoke → the app's dispatcher, GET /__bridge/events → Server-Sent Events,
// GET /__bridge/client.js → defines `window.counterTray` (the real preload API) in the page.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { HeadlessApp } from '../headless/headless-app';
import type { ExtraRoute } from './static-server';
import { pageBundle } from './page-bundle';

const MAX_BODY = 1 << 20;

/** The bridge client (bridge-client.ts) with the preload API, bundled for the page. */
export const bridgeClientScript = (): Promise<string> => pageBundle('dev-tools/web/bridge-client.ts');

/**
 * The dev page needs `connect-src 'self'` for fetch/EventSource, which the shipped CSP
 * forbids (Electron uses IPC, not the network). Dev only; nothing else is relaxed.
 */
export function devIndexHtml(html: string): string {
  const relaxed = html.replace("connect-src 'none'", "connect-src 'self'");
  if (relaxed === html) throw new Error('index.html no longer carries the expected CSP; update devIndexHtml');
  // After the CSP meta (so the policy covers it too), before the bundle.
  const bundle = relaxed.indexOf('<script type="module"');
  if (bundle < 0) throw new Error('index.html has no module script; update devIndexHtml');
  return `${relaxed.slice(0, bundle)}<script src="./__bridge/client.js"></script>\n    ${relaxed.slice(bundle)}`;
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY) {
        reject(new Error('body too large'));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

export function httpBridgeRoutes(app: HeadlessApp, ownOrigin: () => string): ExtraRoute {
  return async (req: IncomingMessage, res: ServerResponse) => {
    const path = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (path === '/__bridge/client.js') {
      res.writeHead(200, { 'Content-Type': 'text/javascript; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(await bridgeClientScript());
      return true;
    }
    if (path === '/__bridge/events') {
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', Connection: 'keep-alive' });
      res.write(': connected\n\n');
      const off = app.controller.on('state:delta', (payload) => res.write(`data: ${JSON.stringify({ event: 'state:delta', payload })}\n\n`));
      req.on('close', off);
      return true;
    }
    if (path === '/__bridge/invoke') {
      // Any web page may POST to localhost: accept only our own page (the browser sends Origin on POST).
      if (req.method !== 'POST' || req.headers.origin !== ownOrigin() || !req.headers['content-type']?.startsWith('application/json')) {
        res.writeHead(403).end();
        return true;
      }
      let message: unknown;
      try {
        message = JSON.parse(await readBody(req));
      } catch {
        res.writeHead(400).end();
        return true;
      }
      const { channel, request } = (message ?? {}) as { channel?: unknown; request?: unknown };
      const result = await app.dispatch(channel, request);
      res.writeHead(200, { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': 'no-store' });
      res.end(JSON.stringify(result));
      return true;
    }
    return false;
  };
}
