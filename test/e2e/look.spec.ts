// The popup's feel in Chromium: the OS accent colour (readable whatever the OS gives), the
// OS's "increase contrast", Windows high contrast (forced colours) and reduced motion.
import type { Page } from '@playwright/test';
import { paintedAccent } from '../../src-renderer/accentColor/paintedAccent';
import AxeBuilder from '@axe-core/playwright';
import { expectReachableZoomed } from './support/sweep';
import { chooseRowAction, expect, test } from './support/test';

/** WCAG contrast of two computed `rgb(…)` colours. */
function contrastOf(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r = 0, g = 0, b = 0] = (css.match(/\d+(\.\d+)?/g) ?? []).map(Number);
    const linear = (c: number) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4);
    return 0.2126 * linear(r) + 0.7152 * linear(g) + 0.0722 * linear(b);
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

const rgbOf = (hex: string) => `rgb(${[1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;

const colours = (page: Page, selector: string) =>
  page.locator(selector).first().evaluate((el) => {
    const style = el.ownerDocument.defaultView?.getComputedStyle(el);
    if (!style) throw new Error('no style');
    return { color: style.color, background: style.backgroundColor, border: style.borderTopColor, outline: style.outlineColor };
  });

async function openEdit(popup: Page) {
  await chooseRowAction(popup, 'Coffees today', 'Edit…');
  await expect(popup.getByRole('heading', { name: 'Edit “Coffees today”' })).toBeVisible();
}

test.describe('the OS accent colour', () => {
  // Windows' yellow: 1.7:1 against white as it comes.
  test.use({ harnessOptions: { app: { accentColor: '#ffb900' } } });
  test('paints the primary button and an on switch, with its text at 4.5:1 or more in both themes; follows a change; none: the neutral blue', async ({ popup, harness, shoot }) => {
    // Colours are read as painted, not halfway through a theme change's fade.
    await popup.emulateMedia({ reducedMotion: 'reduce' });
    await openEdit(popup);
    for (const dark of [false, true]) {
      harness.app.setSystemDark(dark);
      await expect(popup.locator('html')).toHaveAttribute('data-theme', dark ? 'dark' : 'light');
      const save = await colours(popup, 'button.primary');
      expect(save.background, 'a shade of the OS yellow, not the neutral blue').toMatch(/^rgb\((\d+), (\d+), (\d+)\)$/);
      const [r, g, b] = (save.background.match(/\d+/g) ?? []).map(Number) as [number, number, number];
      expect(r > b && g > b, `${save.background} is yellow-ish`).toBe(true);
      expect(contrastOf(save.color, save.background), `Save’s words on ${save.background}`).toBeGreaterThanOrEqual(4.5);
      const page = await colours(popup, 'body');
      expect(contrastOf(save.background, page.background), 'the accent as text on the page').toBeGreaterThanOrEqual(4.5);
      expect((await colours(popup, '.switch:checked')).background).toBe(save.background);
    }
    await shoot('edit-accent-yellow');
    harness.app.setSystemDark(false);
    harness.app.setAccentColor('#0078d4');
    await expect.poll(async () => (await colours(popup, 'button.primary')).background).toBe(rgbOf(paintedAccent('#0078d4', 'light')?.accent ?? ''));
    harness.app.setAccentColor(null);
    await expect.poll(async () => (await colours(popup, 'button.primary')).background).toBe('rgb(10, 88, 202)');
  });
});

test.describe('the OS’s own settings', () => {
  test('reduced motion: no slide in, no fades', async ({ popup }) => {
    await openEdit(popup);
    const motion = async () => [
      await popup.locator('.screen').evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).animationName),
      await popup.locator('.switch').first().evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).transitionDuration),
    ];
    expect(await motion()).toEqual(['screen-in', '0.12s, 0.12s']);
    await popup.emulateMedia({ reducedMotion: 'reduce' });
    expect(await motion()).toEqual(['none', '0s']);
  });

  test('more contrast: muted words darker, every group and separator drawn', async ({ popup }) => {
    await popup.getByRole('button', { name: 'Settings' }).click();
    const before = await colours(popup, '.setting-detail');
    const groupBorder = () => popup.locator('.group-body').first().evaluate((el) => el.ownerDocument.defaultView?.getComputedStyle(el).borderTopWidth);
    expect(await groupBorder()).toBe('0px');
    await popup.emulateMedia({ contrast: 'more' });
    const after = await colours(popup, '.setting-detail');
    const page = await colours(popup, '.group-body');
    expect(contrastOf(after.color, page.background)).toBeGreaterThan(contrastOf(before.color, page.background));
    expect(contrastOf(after.color, page.background)).toBeGreaterThanOrEqual(7);
    expect(await groupBorder()).toBe('1px');
  });

  test('Windows high contrast (forced colours): switches and the chosen segment in system colours, focus visible, axe clean', async ({ popup, shoot }) => {
    await popup.emulateMedia({ forcedColors: 'active' });
    await popup.getByRole('button', { name: 'Settings' }).click();
    const on = await colours(popup, '.switch:checked');
    const off = await colours(popup, '.switch:not(:checked)');
    const chosen = await colours(popup, '.segment.selected');
    const system = await popup.locator('body').evaluate((body) => {
      const probe = body.ownerDocument.createElement('div');
      probe.style.cssText = 'color: Highlight; background-color: Canvas; forced-color-adjust: none';
      body.append(probe);
      const style = body.ownerDocument.defaultView?.getComputedStyle(probe);
      const found = { highlight: style?.color, canvas: style?.backgroundColor };
      probe.remove();
      return found;
    });
    expect(on.background).toBe(system.highlight);
    expect(off.background).toBe(system.canvas);
    expect(chosen.background).toBe(system.highlight);
    await popup.locator('summary', { hasText: 'About' }).click();
    await popup.getByRole('switch', { name: 'Open at login' }).focus();
    await popup.keyboard.press('Shift+Tab');
    await popup.keyboard.press('Tab');
    const focusRing = await popup.getByRole('switch', { name: 'Open at login' }).evaluate((el) => [el.ownerDocument.defaultView?.getComputedStyle(el).outlineStyle, el.ownerDocument.defaultView?.getComputedStyle(el).outlineWidth]);
    expect(focusRing).toEqual(['solid', '2px']);
    await shoot('settings-forced-colors');
    // Every rule but contrast: under forced colours the user's own theme picks every colour, so
    // axe's ratios would measure that theme (and Chromium's emulation of it), not this page.
    const { violations } = await new AxeBuilder({ page: popup }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice']).disableRules(['color-contrast']).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
    await expectReachableZoomed(popup, 'settings, forced colours');
  });
});
