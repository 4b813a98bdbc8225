// What a golden picture depends on, pinned: the time (main's clock and the page's stand still at
// one instant), the random draws and waits that decide a countdown, the font, motion and the
// caret. The popup's own face is the platform's (system-ui: DejaVu Sans on Debian, whatever
// fontconfig prefers elsewhere); for the pictures it is Inter, served from the npm package the
// tray glyphs already use, so a font installed on the machine changes no pixel. Chromium's
// flags (no hinting, no LCD text, sRGB) are the `goldens` project's (playwright.config.ts).
import type { Page } from '@playwright/test';
import { copyFileSync, cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { pictureClock } from '../../../dev-tools/support/fake-clock';
import type { AppHarnessOptions } from '../../../dev-tools/web/app-harness';
import { ensureRendererBuilt } from '../../../dev-tools/web/build-renderer';
import { serveDirectory } from '../../../dev-tools/web/static-server';
import { expect, test as base } from '../../e2e/support/test';

/** Wednesday 25 November 2026, 10:00 UTC: "now" for main and for the page, in every picture. */
export const FIXED = Date.UTC(2026, 10, 25, 10, 0, 0);

/**
 * The core's draws: a reconnect waits half its ceiling (never a random share), and the first
 * ceiling is a minute, so "Reconnecting in 30 s" holds still for as long as a picture takes.
 */
const PINNED_TUNING = { random: () => 0.5, reconnectBaseMs: 60_000 } as const;

export type Language = 'en' | 'de';
const SYSTEM_LANGUAGES: Record<Language, string[]> = { en: ['en-US'], de: ['de-DE'] };

/** Harness options with the pinned clock and core, in a language and a theme. */
export function pinnedHarness(options: AppHarnessOptions, language: Language, dark: boolean): AppHarnessOptions {
  // Main's and the core's clock stand at FIXED and hold every wait of a state's lifetime (an undo
  // offer's lapse, a 429's end): under load the picture still shows the chip and "in 30 s". Work in
  // flight moves only the monotonic time: a stamp taken after it ("reconnect at") still counts from FIXED.
  const clock = { ...pictureClock(FIXED), now: () => FIXED };
  return {
    // The service's day counters count to its own today: unpinned, the pictures moved with the real date.
    serviceNow: () => FIXED,
    ...options,
    dark,
    app: {
      clock,
      systemTimezone: 'UTC',
      ...options.app,
      systemLanguages: SYSTEM_LANGUAGES[language],
      coreOverrides: { clock, tuning: PINNED_TUNING, ...options.app?.coreOverrides },
    },
  };
}

const fontPackage = dirname(createRequire(import.meta.url).resolve('@fontsource/inter/package.json'));
const FONT_PATH = '/__pinned-font/';
const WEIGHTS = [400, 500, 600, 700] as const;
/** @fontsource's faces for the weights the stylesheet uses, renamed so no installed "Inter" can stand in. */
const FONT_CSS = [
  ...WEIGHTS.map((weight) => readFileSync(join(fontPackage, `${weight}.css`), 'utf8').replaceAll("font-family: 'Inter'", "font-family: 'Pinned Inter'")),
  "body { font-family: 'Pinned Inter', sans-serif !important; }",
].join('\n');

/** The page: a clock standing at FIXED from the first script on, reduced motion, the pinned font's stylesheet. */
async function pinPage(page: Page): Promise<void> {
  await page.clock.setFixedTime(FIXED);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  // A string, not a function: this runs in the page, which the Node typecheck knows nothing of.
  await page.addInitScript(
    `document.addEventListener('DOMContentLoaded', () => { const link = document.createElement('link'); link.rel = 'stylesheet'; link.href = '${FONT_PATH}inter.css'; document.head.append(link); });`,
  );
}

/** Waits until the pinned faces are in use: a picture taken before would show the fallback. */
export async function fontsPinned(page: Page): Promise<void> {
  await expect
    .poll(() =>
      page.locator('html').evaluate(async (root, weights) => {
        const doc = root.ownerDocument;
        await Promise.all(weights.map((weight) => doc.fonts.load(`${weight} 13px "Pinned Inter"`, 'Aäß0')));
        const family = doc.defaultView?.getComputedStyle(doc.body).fontFamily ?? '';
        return weights.every((weight) => doc.fonts.check(`${weight} 13px "Pinned Inter"`, 'Aäß0')) && family.startsWith('"Pinned Inter"');
      }, [...WEIGHTS]),
    )
    .toBe(true);
}

/**
 * The built popup, served from a private copy (as the e2e fixture does) with the pinned font
 * beside it: same origin, so the popup's CSP (style-src and font-src 'self') lets it in.
 */
async function servePinned(use: (url: string) => Promise<void>): Promise<void> {
  const copy = mkdtempSync(join(tmpdir(), 'counter-tray-goldens-'));
  cpSync(await ensureRendererBuilt(), copy, { recursive: true });
  const fonts = join(copy, FONT_PATH, 'files');
  mkdirSync(fonts, { recursive: true });
  for (const file of readdirSync(join(fontPackage, 'files')).filter((name) => /^inter-[a-z-]+-\d{3}-normal\.woff2?$/.test(name))) {
    copyFileSync(join(fontPackage, 'files', file), join(fonts, file));
  }
  writeFileSync(join(copy, FONT_PATH, 'inter.css'), FONT_CSS);
  const server = await serveDirectory(copy);
  await use(server.url);
  await server.close();
  rmSync(copy, { recursive: true, force: true });
}

export const test = base.extend<object, { rendererUrl: string }>({
  rendererUrl: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => servePinned(use),
    { scope: 'worker' },
  ],
  page: async ({ page }, use) => {
    await pinPage(page);
    await use(page);
  },
});


export { expect };
