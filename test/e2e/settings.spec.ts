import type { Page } from '@playwright/test';
import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { STAND_IN_NOTES, updatesStandIn } from '../../dev-tools/web/updates-stand-in';
import { chooseRowAction, expect, test } from './support/test';
import { animationsSettled } from './support/settled';

test.describe('settings and theme', () => {
  test('light and dark: follows the system, or the theme chosen in settings', async ({ popup, harness, shoot }) => {
    const html = popup.locator('html');
    await expect(html).toHaveAttribute('data-theme', 'light');
    await expect(popup.locator('body')).toHaveCSS('background-color', 'rgb(255, 255, 255)');
    harness.app.setSystemDark(true);
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await expect(popup.locator('body')).toHaveCSS('background-color', 'rgb(29, 31, 35)');
    harness.app.setSystemDark(false);
    await expect(html).toHaveAttribute('data-theme', 'light');

    await popup.getByRole('button', { name: 'Settings' }).click();
    await expect(popup.getByRole('heading', { name: 'Settings' })).toBeVisible();
    await shoot('settings');
    await popup.locator('.screen-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(popup.getByRole('radio', { name: 'Dark' })).toBeInViewport();
    await shoot('settings-more');
    // The segment is the target: a click anywhere on it chooses it.
    await popup.getByRole('radio', { name: 'Dark' }).click();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    harness.app.setSystemDark(false); // a chosen theme ignores the system
    await expect(popup.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(html).toHaveAttribute('data-theme', 'dark');
    await popup.getByRole('radio', { name: 'System', exact: true }).click();
    await expect(html).toHaveAttribute('data-theme', 'light');
  });

  test('records a shortcut, chooses a time zone, and signs out', async ({ popup, harness, shoot }) => {
    await popup.getByRole('button', { name: 'Settings' }).click();
    await popup.locator('summary', { hasText: 'Shortcuts' }).click();
    await popup.getByRole('button', { name: 'Record' }).click();
    await popup.keyboard.press('Control+Shift+K');
    await expect(popup.getByRole('group', { name: 'Open the popup' }).locator('kbd')).toHaveText('Ctrl+Shift+K');
    await expect.poll(() => harness.app.controller.getState().settings.shortcuts.open).toBe('CommandOrControl+Shift+K');

    await popup.locator('summary', { hasText: 'Language' }).click();
    const zone = popup.getByRole('combobox', { name: 'Time zone for day counters' });
    await zone.click();
    await popup.keyboard.type('kiriti');
    await expect(popup.getByRole('option', { name: 'Pacific/Kiritimati' })).toBeVisible();
    await shoot('settings-zone-list');
    await popup.keyboard.press('Enter');
    await expect.poll(() => harness.app.controller.getState().settings.timezone).toBe('Pacific/Kiritimati');
    await expect(zone).toHaveValue('Pacific/Kiritimati');
    await shoot('settings-changed');

    await popup.getByRole('button', { name: 'Sign out' }).click();
    await popup.getByRole('alertdialog').getByRole('button', { name: 'Sign out' }).click();
    await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
  });

  test('Sign out asks first, away from "Replace token"; Cancel keeps the session', async ({ popup, harness, shoot }) => {
    await popup.getByRole('button', { name: 'Settings' }).click();
    await popup.getByRole('button', { name: 'Sign out' }).click();
    const ask = popup.getByRole('alertdialog', { name: /^Sign out\?/ });
    await expect(ask).toContainText('cannot show it again');
    await expect(ask.getByRole('button', { name: 'Cancel' })).toBeFocused();
    await shoot('settings-sign-out');
    await ask.getByRole('button', { name: 'Cancel' }).click();
    expect(harness.app.controller.getState().session.status).toBe('signedIn');
    expect(harness.app.vault.peek()).not.toBeNull();
    // Not in the same row as "Replace token".
    const replace = await popup.getByRole('button', { name: 'Replace token' }).boundingBox();
    const signOut = await popup.getByRole('button', { name: 'Sign out' }).boundingBox();
    expect(Math.abs((replace?.y ?? 0) - (signOut?.y ?? 0))).toBeGreaterThan(40);
  });

  test("the app's version and Quit are in Settings too", async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Settings' }).click();
    await popup.locator('summary', { hasText: 'About' }).click();
    await expect(popup.getByText('Version 0.0.0-test')).toBeVisible();
    await popup.getByRole('button', { name: 'Quit Counter Tray' }).click();
    await expect.poll(() => harness.app.quitRequests()).toBe(1);
  });
});

test.describe('a system without a key store', () => {
  test.use({ harnessOptions: { signedInAs: null, app: { encryptionWeak: true } } });

  test('keeps the token in memory until the user accepts weak protection', async ({ popup, harness, shoot }) => {
    await popup.getByRole('button', { name: 'Advanced' }).click();
    await popup.getByLabel('Server').fill(harness.service.url);
    await popup.getByLabel('API token').fill(ADA.token);
    await popup.getByRole('button', { name: 'Connect' }).click();
    await popup.getByRole('button', { name: 'Settings' }).click();
    await expect(popup.getByText('your token is kept only until you quit')).toBeVisible();
    await shoot('settings-weak-storage');
    await popup.getByRole('button', { name: 'Keep it with weak protection' }).click();
    await expect(popup.getByText('Your token is stored with weak protection')).toBeVisible();
    expect(harness.app.vault.peek()?.storage).toBe('weak'); // the text above comes from main's session state
  });
});

test('per counter: mute notifications and record shortcuts on the edit page', async ({ popup, harness }) => {
  await chooseRowAction(popup, 'Coffees today', 'Edit…');
  await popup.getByRole('switch', { name: 'Notify me when others change it' }).uncheck();
  const plusOne = popup.getByRole('group', { name: '+1 shortcut' });
  await plusOne.getByRole('button', { name: 'Record' }).click();
  await popup.keyboard.press('Control+Alt+Equal');
  await expect(plusOne.locator('kbd')).toHaveText('Ctrl+Alt+=');
  const minusOne = popup.getByRole('group', { name: '−1 shortcut' });
  await minusOne.getByRole('button', { name: 'Record' }).click();
  await popup.keyboard.press('Control+Alt+Equal');
  await expect(minusOne.getByRole('alert')).toHaveText('Ctrl+Alt+= is already used by +1 on Coffees today. Try another.');
  // Like name and value, these apply with Save: one way of saving on the edit page.
  expect(harness.app.controller.getState().settings.notifications.mutedCounters).toEqual([]);
  await popup.getByRole('button', { name: 'Save' }).click();
  await expect.poll(() => harness.app.controller.getState().settings.notifications.mutedCounters).toEqual([COUNTER.coffees]);
  await expect.poll(() => harness.app.controller.getState().settings.shortcuts.counters[COUNTER.coffees]).toEqual({ increment: 'CommandOrControl+Alt+=' });
});

const NOW = Date.now();
/** Settings → Updates as it usually is: up to date, nothing new (its group folded). */
const UP_TO_DATE = updatesStandIn(NOW, { source: 'self', status: { kind: 'upToDate', checkedAt: NOW }, nextCheckAt: NOW + 6 * 3_600_000, whatsNew: null });

/** The page's whole height as laid out at the popup's width: the header, and the body as tall as its content. */
const pageHeight = (popup: Page) => popup.locator('html').evaluate((root) => (root.ownerDocument.querySelector('.screen-header')?.getBoundingClientRect().height ?? 0) + (root.ownerDocument.querySelector('.screen-body')?.scrollHeight ?? 0));

/** A copy a package manager owns: Settings → Updates holds its one (long) line, folded like a self-updating copy with nothing to say. */
const DEB = updatesStandIn(NOW, { source: 'deb', status: { kind: 'idle' }, nextCheckAt: null, whatsNew: null });

for (const [language, title] of [['en-US', 'Settings'], ['de-DE', 'Einstellungen']] as const) {
  for (const [copy, updates] of [['updates itself', UP_TO_DATE], ['a .deb', DEB]] as const) {
    test.describe(`Settings at popup size (${language}, ${copy})`, () => {
      test.use({ harnessOptions: { app: { systemLanguages: [language], updates } } });
      test('is at most 800 px tall at 360 px wide: about 1.5 popups, not 2.5', async ({ popup, shoot }) => {
        await popup.getByRole('button', { name: title, exact: true }).click();
        await expect(popup.getByRole('heading', { name: title, exact: true })).toBeVisible();
        expect(await popup.locator('html').evaluate((root) => root.clientWidth)).toBe(360);
        expect(await pageHeight(popup)).toBeLessThanOrEqual(800);
        const name = `settings-${language}${copy === 'a .deb' ? '-deb' : ''}`;
        await shoot(name);
        await popup.locator('.screen-body').evaluate((el) => el.scrollTo(0, el.scrollHeight));
        await shoot(`${name}-end`);
      });
    });
  }
}

test.describe('Settings’ controls by keyboard', () => {
  test.use({ harnessOptions: { app: { updates: UP_TO_DATE } } });
  test('a switch toggles with Space, a segmented control moves with the arrows, the zone list filters as one types', async ({ popup, harness }) => {
    await popup.getByRole('button', { name: 'Settings' }).click();
    // Folded: what is set once (Shortcuts, Language, Updates, About); their summaries are targets too.
    for (const fold of ['Shortcuts', 'About', 'Language']) await popup.locator('summary', { hasText: fold }).click();
    const login = popup.getByRole('switch', { name: 'Open at login' });
    await login.focus();
    await popup.keyboard.press('Space');
    await expect(login).toBeChecked();
    await expect.poll(() => harness.app.controller.getState().settings.launchAtLogin).toBe(true);
    // Every switch, segment and the list's field is at least 24 × 24 px (WCAG 2.5.8).
    await animationsSettled(popup);
    const small = await popup.locator('[role="switch"], .segment, [role="combobox"], .search-select-toggle, summary').evaluateAll((els) =>
      els
        .map((el) => ({ el: el.outerHTML.slice(0, 80), box: el.getBoundingClientRect() }))
        .filter(({ box }) => box.width < 24 || box.height < 24)
        .map(({ el, box }) => `${el} is ${box.width} × ${box.height}`),
    );
    expect(small).toEqual([]);
    await popup.getByRole('radio', { name: 'System', exact: true }).focus();
    await popup.keyboard.press('ArrowRight');
    await expect(popup.getByRole('radio', { name: 'Light' })).toBeChecked();
    await expect.poll(() => harness.app.controller.getState().settings.theme).toBe('light');
    const zone = popup.getByRole('combobox', { name: 'Time zone for day counters' });
    await zone.focus();
    await popup.keyboard.type('tokyo');
    await expect(popup.getByRole('listbox', { name: 'Time zones' }).getByRole('option')).toHaveText(['Asia/Tokyo']);
    await popup.keyboard.press('Enter');
    await expect.poll(() => harness.app.controller.getState().settings.timezone).toBe('Asia/Tokyo');
    // Esc with the list closed is the page's: back to the list.
    await popup.keyboard.press('Escape');
    await expect(popup.getByRole('list', { name: 'Counters' })).toBeVisible();
  });
});

test.describe('an update ready', () => {
  test.use({ harnessOptions: { app: { updates: updatesStandIn(NOW, { source: 'self', status: { kind: 'ready', version: '0.3.0' }, nextCheckAt: null, whatsNew: { version: '0.2.1', notes: STAND_IN_NOTES } }) } } });
  test('Settings → Updates is open and offers the restart; “What’s new” is a full-size target', async ({ popup, shoot }) => {
    await popup.getByRole('button', { name: 'Settings' }).click();
    const restart = popup.getByRole('button', { name: 'Restart to update to 0.3.0' });
    await restart.scrollIntoViewIfNeeded();
    await expect(restart).toBeInViewport();
    await shoot('settings-update-ready');
    const summary = popup.locator('summary', { hasText: 'What’s new in 0.2.1' });
    await animationsSettled(popup);
    const box = await summary.boundingBox();
    expect(box && Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);
  });
});
