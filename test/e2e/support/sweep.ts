// Checks run on every screen: axe-core in light and dark with zero violations,
// and at 200 % zoom every control reachable on screen (WCAG 1.4.10 Reflow).
import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { AppHarness } from '../../../dev-tools/web/app-harness';
import { ROOT } from '../../../dev-tools/web/build-renderer';
import { animationsSettled } from './settled';

const SCREENSHOT_DIR = join(ROOT, 'test-results/screenshots');

/** 200 % zoom of the 360×480 popup: Electron's zoomFactor 2 lays the page out in 180×240 CSS pixels. */
export const ZOOMED = { width: 180, height: 240 };
export const POPUP = { width: 360, height: 480 };

async function axeClean(page: Page, label: string) {
  // Measured at rest: mid-slide a 24 px target measures 23.99 px, mid-fade a colour is neither theme's.
  await animationsSettled(page);
  const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).analyze();
  const found = violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(found, `axe on ${label}`).toEqual([]);
}

/** axe in the light and the dark theme (the OS theme flips, as nativeTheme would). */
export async function expectAxeClean(page: Page, harness: AppHarness, screen: string) {
  const html = page.locator('html');
  for (const theme of ['light', 'dark'] as const) {
    harness.app.setSystemDark(theme === 'dark');
    await expect(html).toHaveAttribute('data-theme', theme);
    await axeClean(page, `${screen} (${theme})`);
  }
  harness.app.setSystemDark(false);
  await expect(html).toHaveAttribute('data-theme', 'light');
}

/** axe in light and dark at the popup's size, then again at 200 % zoom. */
export async function expectAxeCleanBothSizes(page: Page, harness: AppHarness, label: string) {
  await expectAxeClean(page, harness, `${label} at 100 %`);
  await page.setViewportSize(ZOOMED);
  try {
    await expectAxeClean(page, harness, `${label} at 200 %`);
  } finally {
    await page.setViewportSize(POPUP);
  }
}

/**
 * The placeholders of empty visible fields that do not fit their field: a field has no overflow to
 * measure for its placeholder, so its words are measured in the field's own font (a search box
 * once read "Sea" at 200 %).
 */
export function cutPlaceholders(page: Page): Promise<string[]> {
  return page.locator('html').evaluate((root) => {
    const doc = root.ownerDocument;
    const view = doc.defaultView;
    const context = doc.createElement('canvas').getContext('2d');
    if (!view || !context) return ['(no canvas to measure with)'];
    // The Node tsconfig has no DOM types: an input's value read as what it is.
    const valueOf = (field: object) => (field as { value?: unknown }).value;
    return [...doc.querySelectorAll('input[placeholder]')]
      .filter((field) => valueOf(field) === '' && field.getClientRects().length > 0)
      .filter((field) => {
        const style = view.getComputedStyle(field);
        context.font = style.font;
        const room = field.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
        return context.measureText(field.getAttribute('placeholder') ?? '').width > room + 0.5;
      })
      .map((field) => field.getAttribute('placeholder') ?? '');
  });
}

/** At 200 %: no sideways scrolling, no placeholder cut, and every control can be scrolled into view and hit. */
export async function expectReachableZoomed(page: Page, screen: string) {
  await page.setViewportSize(ZOOMED);
  try {
    await animationsSettled(page);
    // Nothing scrolls sideways: not the page, not a scrolling box inside it.
    const sideways = await page.locator('html').evaluate((root) => {
      const doc = root.ownerDocument;
      const view = doc.defaultView;
      return [root, ...doc.querySelectorAll('body *')]
        .filter((el) => el.scrollWidth > el.clientWidth + 1 && (el === root || ['auto', 'scroll'].includes(view?.getComputedStyle(el).overflowX ?? '')))
        .map((el) => el.className || el.tagName);
    });
    expect(sideways, `${screen}: no horizontal scrolling at 200 %`).toEqual([]);
    // Polled: the page follows the width from its media query's change event, a moment after the resize.
    await expect.poll(() => cutPlaceholders(page), { message: `${screen}: a field's placeholder cut at 200 %` }).toEqual([]);
    // Visually hidden radios are operated through their labels (the theme switch).
    const controls = page.locator('button:visible, input:not([type="radio"]):visible, select:visible, a[href]:visible, .segmented label:visible');
    // One pass in the page, not three round trips a control: under load those made a sweep of a
    // long screen take seconds. The list is taken once: scrolling a virtualized list unmounts rows
    // above, and a control whose row was unmounted was in the DOM only off screen (its row's own
    // turn checked it).
    const { count, unreachable } = await controls.evaluateAll((all) => {
      const missed: string[] = [];
      for (const el of all) {
        if (!el.isConnected) continue;
        // Chromium's own, as Playwright's scrollIntoViewIfNeeded: centred when out of view, so a bar pinned to an edge does not cover it.
        (el as unknown as { scrollIntoViewIfNeeded(center: boolean): void }).scrollIntoViewIfNeeded(true);
        const box = el.getBoundingClientRect();
        const view = el.ownerDocument.defaultView;
        const x = Math.min(Math.max(box.left + box.width / 2, 0), (view?.innerWidth ?? 0) - 1);
        const y = Math.min(Math.max(box.top + box.height / 2, 0), (view?.innerHeight ?? 0) - 1);
        const inside = view !== null && box.left >= -1 && box.top >= -1 && box.right <= view.innerWidth + 1 && box.bottom <= view.innerHeight + 1;
        const hit = inside && box.width >= 1 && box.height >= 1 ? el.ownerDocument.elementFromPoint(x, y) : null;
        // A label wrapping a checkbox receives the click for it.
        const reachable = hit !== null && (el.contains(hit) || hit.contains(el) || hit.closest('label')?.contains(el) === true);
        if (!reachable) missed.push(el.getAttribute('aria-label') ?? el.textContent?.trim() ?? el.tagName);
      }
      return { count: all.length, unreachable: missed };
    });
    expect(count, `${screen}: has controls`).toBeGreaterThan(0);
    expect(unreachable, `${screen}: controls out of reach at 200 %`).toEqual([]);
    await page.locator('html').evaluate((root) => root.scrollTo(0, 0));
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    await page.screenshot({ path: join(SCREENSHOT_DIR, `zoom200-${screen.replace(/[^a-z0-9]+/gi, '-')}.png`), animations: 'disabled', caret: 'hide' });
  } finally {
    await page.setViewportSize(POPUP);
  }
}

/** Both checks, for one screen as it is now. */
export async function sweep(page: Page, harness: AppHarness, screen: string) {
  await expectAxeClean(page, harness, screen);
  await expectReachableZoomed(page, screen);
}
