// The desktop acting on the app: another member's change as an OS notification, a global
// shortcut, a second launch with --increment, and the machine waking up.
import { ADA, ALAN, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { chooseRowAction, rowOf, valueOf } from '../e2e/support/test';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { ask, requestsOf, signIn, stepsOn } from '../../dev-tools/electron-double/flows';

test("another member's change arrives as an OS notification; clicking it opens that counter's activity, Esc focuses it in the list", async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  // Make another row the active one, so the focus has somewhere to move from.
  await chooseRowAction(popup, 'Until the trip', 'Pin to the top');
  await expect(popup.getByRole('listitem').first()).toHaveAttribute('aria-current', 'true');
  launch.electron.window.blur();

  const response = await fetch(new URL(`/v2/counters/${COUNTER.coffees}/increment/2`, service.url), { method: 'POST', headers: { Authorization: `Bearer ${ALAN.token}` } });
  expect(response.status).toBe(200);

  // Merged for 3 s (shell/notifications.ts) before the OS shows it.
  await expect.poll(() => launch.electron.notifications.map((n) => `${n.title}|${n.body}`), { timeout: 15_000 }).toEqual(['Coffees today|3 → 5']);
  expect(launch.electron.window.isVisible()).toBe(false);

  launch.electron.notifications[0]?.click();

  await expect.poll(() => launch.electron.window.isVisible()).toBe(true);
  // The click's ask (AppState.ask) opens the counter's activity view (test/e2e/counters.spec.ts).
  const detail = popup.getByRole('main', { name: 'Coffees today' });
  await expect(detail.getByRole('heading', { name: 'Coffees today' })).toBeVisible();
  await expect(detail).toContainText('others +2');
  await popup.keyboard.press('Escape');
  await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-current', 'true');
  await expect(valueOf(popup, 'Coffees today')).toHaveText('5');
});

test("a counter hidden from the list still notifies: another member's change to it reaches the OS", async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  await chooseRowAction(popup, 'Coffees today', 'Hide from the list');
  await expect(rowOf(popup, 'Coffees today')).toHaveCount(0);
  launch.electron.window.blur();

  const response = await fetch(new URL(`/v2/counters/${COUNTER.coffees}/increment/2`, service.url), { method: 'POST', headers: { Authorization: `Bearer ${ALAN.token}` } });
  expect(response.status).toBe(200);

  // Hiding is about the list; muting (the row menu, Edit) is what silences a counter.
  await expect.poll(() => launch.electron.notifications.map((n) => `${n.title}|${n.body}`), { timeout: 15_000 }).toEqual(['Coffees today|3 → 5']);
});

test('a global shortcut increments once', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  const accelerator = 'CommandOrControl+Shift+K';
  const saved = await ask(popup, 'settings:update', { shortcuts: { open: null, counters: { [COUNTER.coffees]: { increment: accelerator } } } });
  expect(saved.ok).toBe(true);
  await expect.poll(() => launch.electron.globalShortcut.isRegistered(accelerator)).toBe(true);
  const logFrom = service.requestLog.length;

  launch.electron.globalShortcut.press(accelerator);

  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value).toBe(4);
  await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toHaveLength(1);
});

// Booting the build under the stricter double found this: Electron registers keys, not text, so the
// second spelling was refused by the OS and the app told the user another application held it.
test('two spellings of one key combination are refused as one shortcut used twice, not blamed on another app', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  const update = (shortcuts: unknown) => ask(popup, 'settings:update', { shortcuts });

  const saved = await update({ open: 'CommandOrControl+Shift+J', counters: { [COUNTER.coffees]: { increment: 'Control+Shift+J' } } });

  expect(saved).toMatchObject({ ok: false, error: { code: 'invalid-shortcut', message: expect.stringContaining('Control+Shift+J is used twice') } });
  expect(launch.electron.globalShortcut.registered.size, 'nothing half-registered').toBe(0);
  // Control: two different key combinations register, both.
  expect(await update({ open: 'CommandOrControl+Shift+J', counters: { [COUNTER.coffees]: { increment: 'Control+Shift+U' } } })).toMatchObject({ ok: true });
  await expect.poll(() => launch.electron.globalShortcut.registered.size).toBe(2);
});

test('`counter-tray --increment NAME` from a second launch increments once in the running app', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await signIn(launch, service);
  const logFrom = service.requestLog.length;

  const second = await machine.launch(['--increment', 'coffees today']);

  expect(await second.exited, 'the command line exits with "done"').toBe(0);
  expect(second.electron.windows.size, 'and opens no window').toBe(0);
  await expect.poll(() => service.getCounter(COUNTER.coffees)?.value).toBe(4);
  await expect(valueOf(popup, 'Coffees today')).toHaveText('4');
  expect(stepsOn(service, ADA.id, COUNTER.coffees, logFrom)).toHaveLength(1);
  expect(launch.running).toBe(true);
});

test('waking from sleep resyncs the list', async ({ machine, service }) => {
  const launch = await machine.launch();
  await signIn(launch, service);
  const logFrom = service.requestLog.length;

  launch.electron.powerMonitor.fire('suspend');
  launch.electron.powerMonitor.fire('resume');

  await expect.poll(() => requestsOf(service, ADA.id, logFrom).map((entry) => `${entry.method} ${entry.path.split('?')[0]}`)).toContain('GET /v2/counters');
});
