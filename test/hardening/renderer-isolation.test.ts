// The built renderer, served with the production CSP header, runs in
// real Chromium and cannot reach Node or Electron: no require, process, module, Buffer or
// ipcRenderer; only the preload's two-function API. The CSP is really enforced: no eval,
// no injected inline script, no network. The bundle is built here into a private folder,
// so this test neither needs nor races `npm run build`.
// The API on the page is the one the REAL preload bundle exposes (src-main/preload/preload.cts,
// built with esbuild as scripts/build.mjs does), run against a stand-in `electron` whose
// contextBridge copies and freezes like Electron's: a preload that exposed ipcRenderer or a
// raw send would show here. The negative control runs the same check on a weakened preload.
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { extname, join, normalize, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';
import type { Browser } from 'playwright';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRODUCTION_CSP } from '../../src-main/desktop/app-assets';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const TYPES: Record<string, string> = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript', '.css': 'text/css' };

let outDir = '';
let server: Server | undefined;
let base = '';
let browser: Browser | undefined;
let preloadBundle = '';

beforeAll(async () => {
  outDir = await mkdtemp(join(tmpdir(), 'counter-tray-renderer-'));
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn', build: { outDir, emptyOutDir: true } });
  const esbuild = await import('esbuild');
  const preload = await esbuild.build({ entryPoints: [join(ROOT, 'src-main/preload/preload.cts')], bundle: true, write: false, platform: 'browser', format: 'cjs', target: 'chrome140', external: ['electron'], logLevel: 'warning' });
  preloadBundle = preload.outputFiles[0]?.text ?? '';
  expect(preloadBundle).toContain('exposeInMainWorld');
  // Like the app:// handler: files from the bundle only, each with the production CSP header.
  server = createServer((req, res) => {
    const path = normalize(join(outDir, new URL(req.url ?? '/', 'http://x').pathname === '/' ? 'index.html' : new URL(req.url ?? '/', 'http://x').pathname));
    if (!path.startsWith(outDir + sep)) return void res.writeHead(404).end();
    readFile(path).then(
      (body) => res.writeHead(200, { 'Content-Type': TYPES[extname(path)] ?? 'application/octet-stream', 'Content-Security-Policy': PRODUCTION_CSP }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (outDir) await rm(outDir, { recursive: true, force: true });
});

/** The few DOM calls the page-side functions make (this project's Node tsconfig has no DOM lib). */
interface PageDocument {
  getElementById(id: string): { childElementCount: number } | null;
  createElement(tag: 'script'): { textContent: string };
  head: { append(node: unknown): void };
  addEventListener(type: string, listener: () => void, options: { once: boolean }): void;
}
/**
 * Runs a preload bundle as the sandbox would: CommonJS, `require` knows only 'electron'.
 * The stand-in contextBridge does what Electron's does to what crosses it: values are
 * copied and frozen, functions stay callable. The page never sees the stand-in itself.
 */
function runPreload(bundle: string): string {
  return `(() => {
    const deepFreeze = (value) => { if (value && typeof value === 'object') { Object.freeze(value); for (const v of Object.values(value)) deepFreeze(v); } return value; };
    const copy = (value) => typeof value === 'function' ? value : value && typeof value === 'object' ? (Array.isArray(value) ? value.map(copy) : Object.fromEntries(Object.entries(value).map(([k, v]) => [k, copy(v)]))) : value;
    const ipcRenderer = {
      invoke: () => Promise.resolve({ ok: false, error: { code: 'not-signed-in', message: 'Sign in first.' } }),
      on: () => ipcRenderer, removeListener: () => ipcRenderer, send: () => undefined,
    };
    const electron = { ipcRenderer, contextBridge: { exposeInMainWorld: (name, api) => Object.defineProperty(globalThis, name, { value: deepFreeze(copy(api)), enumerable: true }) } };
    const module = { exports: {} };
    const require = (name) => { if (name !== 'electron') throw new Error('a sandboxed preload cannot require ' + name); return electron; };
    (function (require, module, exports) { ${bundle}\n })(require, module, module.exports);
  })();`;
}

/** What the page can reach; the same function judges the real and the weakened preload. */
async function pageReach(preload: string) {
  const page = await browser!.newPage();
  await page.addInitScript(runPreload(preload));
  await page.goto(`${base}/index.html`);
  await page.waitForFunction(() => ((globalThis as unknown as { document: PageDocument }).document.getElementById('root')?.childElementCount ?? 0) > 0, undefined, { timeout: 15_000 });
  const reach = await page.evaluate(() => {
    const g = globalThis as Record<string, unknown>;
    const api = (g.counterTray as Record<string, unknown> | undefined) ?? {};
    return {
      api: Object.keys(api).sort(),
      apiFrozen: Object.isFrozen(g.counterTray),
      leakedIpc: Object.values(api).some((value) => typeof value === 'object'),
    };
  });
  const rawChannel = await page.evaluate(async () => {
    const api = (globalThis as Record<string, unknown>).counterTray as { invoke(c: string, r: unknown): Promise<unknown> };
    return api.invoke('shell:openExternal', { url: 'https://evil.example' });
  });
  await page.close();
  return { ...reach, rawChannel };
}

const EXPECTED_REACH = { api: ['invoke', 'onStateDelta'], apiFrozen: true, leakedIpc: false, rawChannel: expect.objectContaining({ ok: false }) };

describe('the built renderer in Chromium', () => {
  it('cannot reach require, process, module, Buffer or ipcRenderer, and the CSP holds', async () => {
    const page = await browser!.newPage();
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await page.addInitScript(runPreload(preloadBundle));
    await page.goto(`${base}/index.html`);
    // The bundle ran under the strict CSP: React mounted something.
    await page.waitForFunction(() => ((globalThis as unknown as { document: PageDocument }).document.getElementById('root')?.childElementCount ?? 0) > 0, undefined, { timeout: 15_000 });

    const reach = await page.evaluate(() => {
      const g = globalThis as Record<string, unknown>;
      return {
        require: typeof g.require,
        process: typeof g.process,
        module: typeof g.module,
        exports: typeof g.exports,
        Buffer: typeof g.Buffer,
        global: typeof g.global,
        ipcRenderer: typeof g.ipcRenderer,
        electron: typeof g.electron,
        __dirname: typeof g.__dirname,
      };
    });
    expect(reach).toEqual({
      require: 'undefined',
      process: 'undefined',
      module: 'undefined',
      exports: 'undefined',
      Buffer: 'undefined',
      global: 'undefined',
      ipcRenderer: 'undefined',
      electron: 'undefined',
      __dirname: 'undefined',
    });

    const attacks = await page.evaluate(async (origin) => {
      const g = globalThis as Record<string, unknown>;
      // DevTools-driven evaluation is exempt from CSP; a string timer runs as page code and is not.
      const doc = (globalThis as unknown as { document: PageDocument }).document;
      // Either outcome announces itself: the CSP reports the blocked string, or the string runs and says so.
      const timerOutcome = new Promise<void>((resolve) => {
        doc.addEventListener('securitypolicyviolation', () => resolve(), { once: true });
        doc.addEventListener('string-timer-ran', () => resolve(), { once: true });
      });
      (setTimeout as unknown as (code: string, ms: number) => number)("window.__evaluated = true; document.dispatchEvent(new Event('string-timer-ran'))", 0);
      await timerOutcome;
      const script = doc.createElement('script');
      script.textContent = 'window.__injected = true';
      doc.head.append(script);
      let fetchResult: string;
      try {
        await fetch(`${origin}/index.html`);
        fetchResult = 'allowed';
      } catch (error) {
        fetchResult = (error as Error).name;
      }
      return { evaluated: g.__evaluated === true, injected: g.__injected === true, fetchResult };
    }, base);
    expect(attacks).toEqual({ evaluated: false, injected: false, fetchResult: 'TypeError' });
    expect(violations.length, 'the browser reported the blocked attempts').toBeGreaterThan(0);
    await page.close();
  }, 30_000);

  it('the page gets exactly the real preload\'s API: invoke and onStateDelta, frozen, no IPC object, no raw channel', async () => {
    expect(await pageReach(preloadBundle)).toEqual(EXPECTED_REACH);
  }, 30_000);

  it('negative control: a preload that also exposes ipcRenderer fails the same check', async () => {
    const weakened = preloadBundle.replace(/exposeInMainWorld\("counterTray", (\w+)\(ipcRenderer(, \{[^}]*\})?\)\)/, 'exposeInMainWorld("counterTray", { ...$1(ipcRenderer$2), ipcRenderer })');
    expect(weakened).not.toBe(preloadBundle);
    const reach = await pageReach(weakened);
    expect(reach).not.toEqual(EXPECTED_REACH);
    expect(reach.api).toContain('ipcRenderer');
  }, 30_000);
});
