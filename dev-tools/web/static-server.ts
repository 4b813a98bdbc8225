// Serves the built renderer on 127.0.0.1 (port 0). Only files inside the folder, GET only.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import type { AddressInfo, Socket } from 'node:net';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.json': 'application/json',
};

export type ExtraRoute = (req: IncomingMessage, res: ServerResponse) => boolean | Promise<boolean>;

export interface StaticServerOptions {
  /** 0 (default) picks a free port. */
  port?: number;
  /** Rewrites index.html (the dev server adds its bridge script). */
  transformIndex?: (html: string) => string;
  /** Handled before files; answer true when the request was served. */
  routes?: ExtraRoute;
}

export interface RunningServer {
  url: string;
  close(): Promise<void>;
}

export async function serveDirectory(root: string, options: StaticServerOptions = {}): Promise<RunningServer> {
  const server = createServer((req, res) => {
    void handle(req, res).catch(() => {
      if (!res.headersSent) res.writeHead(500);
      res.end();
    });
  });

  async function handle(req: IncomingMessage, res: ServerResponse) {
    if (options.routes && (await options.routes(req, res))) return;
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405).end();
      return;
    }
    const pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://localhost').pathname);
    const relative = normalize(pathname === '/' ? '/index.html' : pathname);
    const file = join(root, relative);
    if (!file.startsWith(root.endsWith(sep) ? root : root + sep)) {
      res.writeHead(403).end();
      return;
    }
    let body: Buffer;
    try {
      body = await readFile(file);
    } catch {
      res.writeHead(404).end();
      return;
    }
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const out = type.startsWith('text/html') && options.transformIndex ? Buffer.from(options.transformIndex(body.toString('utf8'))) : body;
    res.writeHead(200, { 'Content-Type': type, 'Cache-Control': 'no-store' });
    res.end(out);
  }

  const sockets = new Set<Socket>();
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/`,
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
