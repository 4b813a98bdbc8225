// The app:// handler over a real folder: a secret file waits wherever a hostile URL would land
// if it escaped the renderer folder (and at the folder-relative path the URL parser folds dot
// segments into), and every hostile URL gets a 404, never its bytes. Negative control: a handler
// that joins the URL's path to the folder with no checks serves the secret.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Protocol } from 'electron';
import { afterEach, describe, expect, it } from 'vitest';
import { serveAppPages } from '../../../src-main/electron/app-protocol';

type Handler = Parameters<Protocol['handle']>[1];

const HOSTILE = [
  'app://other/index.html',
  'file:///etc/passwd',
  'app://counter-tray/../../../etc/passwd',
  'app://counter-tray/%2e%2e/%2e%2e/etc/passwd',
  'app://counter-tray/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret',
  'app://counter-tray/a%00.js',
  'app://counter-tray/%E0%A4%A',
  'not a url',
];
const SECRET = 'the secret outside the renderer folder';

const cleanups: string[] = [];
afterEach(async () => {
  for (const dir of cleanups.splice(0)) await rm(dir, { recursive: true, force: true });
});

/** resources/app/dist/renderer under a fresh folder, a page inside it, the secret at every landing place outside. */
async function install(): Promise<{ top: string; renderer: string }> {
  const top = await mkdtemp(join(tmpdir(), 'counter-tray-protocol-'));
  cleanups.push(top);
  const renderer = join(top, 'resources', 'app', 'dist', 'renderer');
  await mkdir(join(renderer, 'assets'), { recursive: true });
  await writeFile(join(renderer, 'index.html'), '<!doctype html><title>popup</title>');
  for (const dir of [top, join(top, 'resources'), join(top, 'resources', 'app'), join(top, 'resources', 'app', 'dist')]) {
    await mkdir(join(dir, 'etc'), { recursive: true });
    await writeFile(join(dir, 'etc', 'passwd'), SECRET);
    await writeFile(join(dir, 'secret'), SECRET);
  }
  return { top, renderer };
}

function handlerOf(register: (protocol: Pick<Protocol, 'handle'>) => void): Handler {
  let handler: Handler | undefined;
  register({ handle: (_scheme, fn) => void (handler = fn) });
  if (!handler) throw new Error('no handler registered');
  return handler;
}

/** Status and body for each URL (a request carries only its URL here: that is all the handler reads). */
async function answers(handler: Handler, urls: string[]): Promise<{ url: string; status: number; body: string }[]> {
  const results = [];
  for (const url of urls) {
    const response = await handler({ url } as Parameters<Handler>[0]);
    results.push({ url, status: response.status, body: await response.text() });
  }
  return results;
}

describe('app:// handler', () => {
  it('serves the popup page, with the CSP', async () => {
    const { renderer } = await install();
    const handler = handlerOf((protocol) => serveAppPages(protocol, renderer));
    const response = await handler({ url: 'app://counter-tray/' } as Parameters<Handler>[0]);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('<!doctype html><title>popup</title>');
    expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'none'");
  });

  it('answers every hostile URL with a 404, never with a file outside the folder', async () => {
    const { renderer } = await install();
    const served = await answers(handlerOf((protocol) => serveAppPages(protocol, renderer)), HOSTILE);
    expect(served).toEqual(HOSTILE.map((url) => ({ url, status: 404, body: 'Not found' })));
  });

  it('negative control: a handler that joins the path with no checks serves the secret', async () => {
    const { renderer } = await install();
    const naive = handlerOf((protocol) =>
      protocol.handle('app', async (request) => {
        try {
          const path = join(renderer, decodeURIComponent(new URL(request.url).pathname));
          return new Response(await readFile(path));
        } catch {
          return new Response('Not found', { status: 404 });
        }
      }),
    );
    const served = await answers(naive, HOSTILE);
    expect(served.filter((answer) => answer.body === SECRET).map((answer) => answer.url)).toEqual(['app://counter-tray/assets/%2e%2e%2f%2e%2e%2f%2e%2e%2fsecret']);
  });
});
