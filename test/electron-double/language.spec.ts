// Under the Electron double, the shipped build speaks German when the OS does
// (app.getPreferredSystemLanguages()) on every surface main owns — the tray menu and tooltip,
// an OS notification, each of main's own dialogs (another server, plain http, weak storage,
// the export's save dialog), a command line's answer, a goal reached — and switches at once
// from Settings → Language. In the pseudo-locale the same surfaces hold no word that did not
// come from the catalog.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { PSEUDO } from '../../src-shared/i18n/locale';
import { ADA } from '../../dev-tools/web/e2e-fixtures';
import { strayWords, type UiText } from '../e2e/support/ui-text';
import { translator } from '../../dev-tools/support/i18n';
import type { Launch } from '../../dev-tools/electron-double/boot';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { chooseRowAction, rowOf } from '../e2e/support/test';
import { signIn } from '../../dev-tools/electron-double/flows';

const de = translator('de');
const en = translator('en');

/** Everything main showed in this launch, as text: tray tooltip and menu, notifications, message boxes. */
function desktopText(launch: Launch): UiText[] {
  const { tray, notifications, dialog } = launch.electron;
  return [
    { where: 'tray tooltip', text: tray.tooltip },
    ...tray.menuLabels().map((text) => ({ where: 'tray menu', text })),
    ...notifications.flatMap((n) => [
      { where: 'notification title', text: n.title },
      { where: 'notification body', text: n.body },
    ]),
    ...dialog.shown.flatMap((box) => [box.title ?? '', box.message, box.detail ?? '', ...(box.buttons ?? [])].map((text) => ({ where: `dialog “${box.message}”`, text }))),
  ].filter((t) => t.text !== '');
}

/** Pins a counter from the popup, in the popup's language. */
async function pin(popup: Page, name: string, tr = de): Promise<void> {
  await chooseRowAction(popup, name, tr.t('menu.pin'), tr.t('row.actions', { name }));
  await expect(rowOf(popup, name)).toHaveAccessibleName(new RegExp(`, ${tr.t('row.statePinned')}`));
}

test('in German: the tray menu and tooltip, a notification, main’s dialogs and a command line’s answer; English at once from Settings', async ({ machine, service }) => {
  const launch = await machine.launch([], { systemLanguages: ['de-DE', 'en-US'], storageBackend: 'basic_text' });
  // The first of main's dialogs: another server than the default gets the token only after a German "yes".
  const popup = await signIn(launch, service, ADA.token, de);
  const origin = new URL(service.url).origin;
  expect(launch.electron.dialog.shown[0]).toMatchObject({
    title: 'Counter Tray',
    message: `Dein API-Token an ${origin} senden?`,
    detail: `Counter Tray meldet sich bei ${origin} an und sendet das eingegebene Token dorthin. Fahre nur fort, wenn du die Adresse selbst eingegeben hast und dem Server vertraust.`,
    buttons: ['Abbrechen', `${new URL(service.url).host} verwenden`],
  });

  // The tray: its menu and tooltip in German.
  await pin(popup, 'Push-ups this week');
  const { tray, window } = launch.electron;
  await expect.poll(() => tray.tooltip).toBe('Counter Tray — Push-ups this week: 40');
  expect(tray.menuLabels()).toEqual([
    'Push-ups this week: 40',
    'Push-ups this week erhöhen',
    'Push-ups this week verringern',
    'Counter Tray öffnen',
    'Einstellungen\u00a0…',
    'Mitteilungen pausieren',
    'Counter Tray beenden',
  ]);

  // A notification: the popup is away, a tray click the server refuses is told by the OS, in German.
  window.blur();
  tray.clickMenuItem('Push-ups this week verringern');
  await expect.poll(() => launch.electron.notifications.map((n) => `${n.title}: ${n.body}`)).toContain('Push-ups this week: Er zählt nur aufwärts, die −1 wurde daher nicht gezählt.');

  // A command line's answer (a second launch): German words in the notification.
  const second = await machine.launch(['--increment', 'Kaffee']);
  expect(await second.exited, 'no such counter').toBe(2);
  await expect.poll(() => launch.electron.notifications.map((n) => `${n.title}: ${n.body}`)).toContain('Erhöhen fehlgeschlagen: Kein Zähler heißt „Kaffee“.');

  // The third dialog: weak storage (no keyring), asked from Settings, in German; "No" keeps it in memory.
  tray.clickMenuItem('Einstellungen\u00a0…');
  await expect.poll(() => window.isVisible()).toBe(true);
  launch.electron.dialog.expect({ match: /^Token mit schwachem Schutz speichern\?\n/, click: 'Nur im Speicher behalten' });
  await popup.getByRole('button', { name: de.t('settings.keepWeakly') }).click();
  await expect(popup.getByRole('alert')).toHaveText(de.t('error.declinedWeakStorage'));
  expect(launch.electron.dialog.shown.at(-1)).toMatchObject({ buttons: ['Nur im Speicher behalten', 'Trotzdem speichern'] });

  // Settings → Language → English: the popup, the tray and the next notification switch at once.
  await popup.locator('summary', { hasText: de.t('settings.language') }).click();
  await popup.getByRole('radio', { name: 'English' }).check();
  await expect(popup.getByRole('heading', { name: en.t('settings.title'), exact: true })).toBeVisible();
  await expect.poll(() => tray.menuLabels()).toContain('Open Counter Tray');
  expect(tray.menuLabels()).toContain('Increment Push-ups this week');
  const third = await machine.launch(['--increment', 'Kaffee']);
  expect(await third.exited).toBe(2);
  await expect.poll(() => launch.electron.notifications.at(-1)?.body).toBe('No counter called “Kaffee”.');
  expect(launch.electron.dialog.pendingExpectations()).toEqual([]);
});

test('in German: the plain-http question, and its "no"', async ({ machine }) => {
  const launch = await machine.launch([], { systemLanguages: ['de-DE'] });
  const popup = await launch.popup();
  await popup.getByRole('button', { name: de.t('onboarding.advanced') }).click();
  await popup.getByLabel(de.t('onboarding.server')).fill('http://counters.example.org:8080');
  await popup.getByLabel(de.t('onboarding.token')).fill(ADA.token);
  launch.electron.dialog.expect({ match: /^http:\/\/counters\.example\.org:8080 ist nicht verschlüsselt\n/, click: 'cancel' });
  await popup.getByRole('button', { name: de.t('onboarding.connect') }).click();
  await expect(popup.getByRole('alert')).toHaveText(de.t('error.declinedPlainHttp'));
  expect(launch.electron.dialog.shown.at(-1)).toMatchObject({
    detail: de.t('dialog.plainHttpDetail'),
    buttons: ['Abbrechen', 'Unverschlüsselt senden'],
  });
  expect(launch.electron.dialog.pendingExpectations()).toEqual([]);
});

test('in German: a goal reached is told by the OS, and the export’s save dialog asks in German', async ({ machine, service }) => {
  const folder = mkdtempSync(join(tmpdir(), 'counter-tray-export-de-'));
  try {
    const launch = await machine.launch([], { systemLanguages: ['de-DE'] });
    const popup = await signIn(launch, service, ADA.token, de);
    await chooseRowAction(popup, 'Coffees today', de.t('menu.edit'), de.t('row.actions', { name: 'Coffees today' }));
    await popup.getByLabel(de.t('goal.howMany')).fill('1');
    await popup.getByRole('button', { name: de.t('common.save'), exact: true }).click();
    await popup.getByRole('button', { name: de.t('row.increase', { name: 'Coffees today' }), exact: true }).click();
    await expect(rowOf(popup, 'Coffees today').getByTestId('goal')).toHaveText('1 / 1 heute');
    await expect.poll(() => launch.electron.notifications.map((n) => `${n.title}|${n.body}`)).toContain('Coffees today|Ziel erreicht: 1 / 1 heute');

    await popup.getByRole('button', { name: de.t('list.settings'), exact: true }).click();
    await popup.getByRole('button', { name: de.t('export.button'), exact: true }).click();
    launch.electron.dialog.expectSave({ match: /^Verlauf aller Zähler exportieren$/, filePath: join(folder, 'kaffee.csv') });
    await popup.getByRole('button', { name: de.t('export.save'), exact: true }).click();
    await expect(popup.getByTestId('export-result')).toHaveText('1 Zeile als kaffee.csv gesichert.');
    expect(launch.electron.dialog.savesShown).toEqual([
      expect.objectContaining({
        title: 'Verlauf aller Zähler exportieren',
        buttonLabel: 'Exportieren',
        filters: [
          { name: 'CSV (kommagetrennte Werte)', extensions: ['csv'] },
          { name: 'Alle Dateien', extensions: ['*'] },
        ],
      }),
    ]);
  } finally {
    rmSync(folder, { recursive: true, force: true });
  }
});

test('in the pseudo-locale: the tray, notifications, dialogs and a command line’s answer hold no word from outside the catalog', async ({ machine, service }) => {
  const pseudo = translator(PSEUDO, 'en');
  const launch = await machine.launch([], { systemLanguages: [PSEUDO], storageBackend: 'basic_text' });
  const popup = await signIn(launch, service, ADA.token, pseudo);
  await pin(popup, 'Push-ups this week', pseudo);
  const { tray, window } = launch.electron;
  await expect.poll(() => tray.tooltip).toBe(pseudo.t('tray.tooltip', { text: pseudo.t('tray.counter', { name: 'Push-ups this week', value: '40' }) }));
  window.blur();
  tray.clickMenuItem(pseudo.t('tray.decrement', { name: 'Push-ups this week' }));
  await expect.poll(() => launch.electron.notifications.length).toBeGreaterThan(0);
  const second = await machine.launch(['--increment', 'nothing like it']);
  expect(await second.exited, 'no such counter').toBe(2);
  await expect.poll(() => launch.electron.notifications.length).toBeGreaterThan(1);
  tray.clickMenuItem(pseudo.t('tray.settings'));
  launch.electron.dialog.expect({ match: new RegExp(`^${pseudo.t('dialog.weakStorage').replace(/[?.*+()[\]]/g, '\\$&')}\n`), click: 'cancel' });
  await popup.getByRole('button', { name: pseudo.t('settings.keepWeakly') }).click();
  await expect(popup.getByRole('alert')).toHaveText(pseudo.t('error.declinedWeakStorage'));

  const shown = desktopText(launch);
  expect(shown.map((t) => t.where)).toEqual(expect.arrayContaining(['tray tooltip', 'tray menu', 'notification title', 'notification body']));
  expect(strayWords(shown, ['Push-ups this week', 'Coffees today', 'nothing like it', service.url, new URL(service.url).origin, new URL(service.url).host]), 'desktop text not from the catalog').toEqual([]);
});
