// Chromium (CHROMIUM_PATH or Debian's /usr/bin/chromium, through Playwright) showing the real renderer
// bundle, wired to a Node-side headless app the way the preload wires it in Electron:
// invoke → app.dispatch, app events → the page, in order. Plus the DOM watchers of
// page/bench-preload.js, whose callbacks resolve promises here.
import { chromium } from '@playwright/test';
import type { Browser, Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';
import type { HeadlessApp } from '../dev-tools/headless/headless-app';
import type { InvokeChannel } from '../src-shared/ipc/contract';
import { bundledPreloadApi } from '../dev-tools/web/preload-stand-in';
import { ensureRendererBuilt } from '../dev-tools/web/build-renderer';
import { serveDirectory, type RunningServer } from '../dev-tools/web/static-server';

const PRELOAD = fileURLToPath(new URL('./page/bench-preload.js', import.meta.url));
const CHROMIUM_ARGS = ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'];

/** The Chromium the e2e tests use, found where `npm run bench` made sure it is (scripts/ensure-chromium.mjs). */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

/** What the page reports when a watched condition holds; times are the page's performance.now(). */
export interface Seen {
  token: number;
  /** When the latest event push reached the page. */
  pushAt: number;
  /** When the condition held, after a forced layout. */
  seenAt: number;
  rows: number;
}

/** Wrapped, because a promise resolved with a promise would wait for the inner one. */
export interface Armed {
  seen: Promise<Seen>;
}

export interface BenchPage {
  page: Page;
  /** Arms a watcher in the page and resolves once it is armed; `seen` resolves when it fires (rejects after timeoutMs). */
  watchValueChange(counterId: string, timeoutMs?: number): Promise<Armed>;
  watchRows(kind: 'atLeast' | 'atMost', count: number, timeoutMs?: number): Promise<Armed>;
  /** Pushes an event into the page as the preload would. */
  push(event: 'state:delta', payload: unknown): Promise<void>;
  rowIds(): Promise<string[]>;
  /** The page's next `state:get` is answered with `state` from inside the page (sent now, before any clock starts). */
  stageStateAnswer(state: unknown): Promise<void>;
  /** The page's next `channel` call with `request` is answered with `answer` (main's wire answer) from inside the page. */
  stageAnswer(channel: InvokeChannel, request: unknown, answer: unknown): Promise<void>;
  /** Staged answers not yet asked for, as "channel request-JSON". */
  stagedLeft(): Promise<string[]>;
  close(): Promise<void>;
}

export class BenchBrowser {
  private constructor(
    private readonly browser: Browser,
    private readonly renderer: RunningServer,
  ) {}

  static async launch(): Promise<BenchBrowser> {
    const dist = await ensureRendererBuilt();
    const renderer = await serveDirectory(dist);
    const browser = await launchChromium();
    return new BenchBrowser(browser, renderer);
  }

  async open(app: HeadlessApp): Promise<BenchPage> {
    const page = await this.browser.newPage({ viewport: { width: 360, height: 480 } });
    const waiters = new Map<number, (seen: Seen) => void>();
    let nextToken = 1;
    // Answered as main's IPC wrapper answers: the dispatcher's answer as it is.
    await page.exposeFunction('__counterTrayInvoke', (channel: unknown, request: unknown) => app.dispatch(channel, request));
    await page.exposeFunction('__benchSeen', (seen: Seen) => {
      waiters.get(seen.token)?.(seen);
      waiters.delete(seen.token);
    });
    // The real preload API, then the bench's stand-in that wires it.
    await page.addInitScript({ content: `${await bundledPreloadApi()}\nglobalThis.__counterTrayPreload = __counterTrayPreload;` });
    await page.addInitScript({ path: PRELOAD });

    let queue = Promise.resolve();
    const push = (event: 'state:delta', payload: unknown): Promise<void> => {
      queue = queue
        .then(() => page.evaluate(([e, p]) => (globalThis as unknown as { __counterTrayPush(e: string, p: unknown): void }).__counterTrayPush(e, p), [event, payload] as const))
        .catch(() => undefined);
      return queue;
    };
    // What the popup is meant to be sent: deltas, not the whole state:changed (main-side listeners only).
    const offs = [app.controller.on('state:delta', (delta) => void push('state:delta', delta))];

    const arm = async (timeoutMs: number, call: (token: number) => Promise<boolean>): Promise<Armed> => {
      const token = nextToken++;
      const seen = new Promise<Seen>((resolve, reject) => {
        const timer = setTimeout(() => {
          waiters.delete(token);
          reject(new Error(`page watcher ${token} timed out after ${timeoutMs} ms`));
        }, timeoutMs);
        waiters.set(token, (s) => {
          clearTimeout(timer);
          resolve(s);
        });
      });
      if (!(await call(token))) {
        waiters.delete(token);
        throw new Error('nothing to watch: the element is not in the page');
      }
      return { seen };
    };
    type Bench = {
      watchValueChange(t: number, id: string): boolean;
      watchRowsAtLeast(t: number, n: number): boolean;
      watchRowsAtMost(t: number, n: number): boolean;
      rowIds(): string[];
      stageAnswer(channel: string, request: unknown, answer: unknown): void;
      stagedLeft(): string[];
    };

    await page.goto(this.renderer.url);
    return {
      page,
      watchValueChange: (counterId, timeoutMs = 10_000) =>
        arm(timeoutMs, (token) =>
          page.evaluate(([t, id]) => (globalThis as unknown as { __bench: Bench }).__bench.watchValueChange(t, id), [token, counterId] as const),
        ),
      watchRows: (kind, count, timeoutMs = 30_000) =>
        arm(timeoutMs, (token) =>
          page.evaluate(
            ([t, k, n]) => {
              const b = (globalThis as unknown as { __bench: Bench }).__bench;
              return k === 'atLeast' ? b.watchRowsAtLeast(t, n) : b.watchRowsAtMost(t, n);
            },
            [token, kind, count] as const,
          ),
        ),
      push,
      rowIds: () => page.evaluate(() => (globalThis as unknown as { __bench: Bench }).__bench.rowIds()),
      stageStateAnswer: (state) => page.evaluate((value) => (globalThis as unknown as { __bench: Bench }).__bench.stageAnswer('state:get', {}, { ok: true, value }), state),
      stageAnswer: (channel, request, answer) => page.evaluate(([c, r, a]) => (globalThis as unknown as { __bench: Bench }).__bench.stageAnswer(c, r, a), [channel, request, answer] as const),
      stagedLeft: () => page.evaluate(() => (globalThis as unknown as { __bench: Bench }).__bench.stagedLeft()),
      async close() {
        for (const off of offs) off();
        await page.close();
      },
    };
  }

  async close(): Promise<void> {
    await this.browser.close();
    await this.renderer.close();
  }
}
