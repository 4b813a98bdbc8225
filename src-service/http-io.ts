// Low-level HTTP helpers: bounded body reading and JSON answers with the docs/api.md §2.5 error body.
import type { IncomingMessage, ServerResponse } from 'node:http';

/** Bodies above this are refused with 413; the API's bodies are a few hundred bytes. */
export const MAX_BODY_BYTES = 16 * 1024;

export interface ReadBody {
  bytes: Buffer;
  tooLarge: boolean;
  /** The client went away before the body ended: nothing may be applied from it. */
  aborted: boolean;
}

/** Reads the whole body, keeping at most MAX_BODY_BYTES; the rest is drained so the socket stays usable. */
export function readBody(req: IncomingMessage): Promise<ReadBody> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) tooLarge = true;
      else chunks.push(chunk);
    });
    req.on('end', () => resolve({ bytes: tooLarge ? Buffer.alloc(0) : Buffer.concat(chunks), tooLarge, aborted: false }));
    const abort = (): void => resolve({ bytes: Buffer.alloc(0), tooLarge, aborted: true });
    req.on('error', abort);
    req.on('close', () => {
      if (!req.complete) abort();
    });
  });
}

export function writeJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string>): void {
  if (res.headersSent) return;
  const common = { 'Cache-Control': 'no-store', ...headers };
  if (body === undefined) {
    res.writeHead(status, common);
    res.end();
    return;
  }
  const text = JSON.stringify(body);
  res.writeHead(status, { ...common, 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1];
}
