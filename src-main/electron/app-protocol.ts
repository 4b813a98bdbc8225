// The popup's pages from our own scheme, never file:// or the network, with the production CSP.
import type { Protocol } from 'electron';
import { readFile } from 'node:fs/promises';
import { mimeTypeFor, PRODUCTION_CSP, resolveAssetPath } from '../desktop/app-assets';
import { APP_SCHEME } from '../ipc/sender-check';

export function serveAppPages(protocol: Pick<Protocol, 'handle'>, rendererRoot: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const path = resolveAssetPath(request.url, rendererRoot);
    if (!path) return new Response('Not found', { status: 404 });
    try {
      const body = await readFile(path);
      return new Response(body, { headers: { 'Content-Type': mimeTypeFor(path), 'Content-Security-Policy': PRODUCTION_CSP, 'X-Content-Type-Options': 'nosniff' } });
    } catch {
      return new Response('Not found', { status: 404 });
    }
  });
}
