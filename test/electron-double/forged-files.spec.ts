// In the shipped main.js: files another program wrote into the
// profile. A plaintext token.json bound to another server (with a settings.json to match),
// and a click of 1 000 000 added to the account's own pending file. Controls in the same specs:
// the files the app itself wrote are used as they are.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import { ADA, COUNTER } from '../../dev-tools/web/e2e-fixtures';
import { rowOf, valueOf } from '../e2e/support/test';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { launchWhileAway, stepsOn } from '../../dev-tools/electron-double/flows';

const EVIL = 'http://evil.example:8080';

test('a plaintext token.json bound to another server is set aside: the user is told, nothing is sent, the form names the default server', async ({ machine }) => {
  mkdirSync(machine.userData, { recursive: true });
  const data = Buffer.from(JSON.stringify({ token: 'ct_live_planted_by_another_program', origin: EVIL })).toString('base64');
  writeFileSync(join(machine.userData, 'token.json'), JSON.stringify({ version: 2, storage: 'encrypted', encoding: 'base64', data }));
  writeFileSync(join(machine.userData, 'settings.json'), JSON.stringify({ ...DEFAULT_SETTINGS, serverUrl: EVIL }));

  const launch = await machine.launch();
  await expect.poll(() => launch.electron.notifications.map((n) => n.title).sort()).toEqual(['Counter Tray settings were reset', 'The saved token was not used']);
  expect(launch.electron.notifications.find((n) => n.title === 'The saved token was not used')?.body).toMatch(/plain text although this system can encrypt it/);
  expect(readdirSync(machine.userData).filter((name) => name.startsWith('token.json.corrupt-'))).toHaveLength(1);
  const popup = await launch.popup();
  await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
  expect(JSON.parse(readFileSync(join(machine.userData, 'settings.json'), 'utf8'))).toMatchObject({ serverUrl: DEFAULT_SETTINGS.serverUrl });
});

test('a click added to the pending file is not sent; the clicks the app wrote itself are', async ({ machine, service }) => {
  const { launch: first, popup } = await launchWhileAway(machine, service);
  await popup.getByRole('button', { name: 'Increase Coffees today' }).click();
  await expect(rowOf(popup, 'Coffees today')).toHaveAttribute('aria-label', /\d+ waiting|not confirmed yet/);
  // Quit once the send has failed (the server is away), so the click is on disk as unsent, not as a change whose answer was lost.
  // The account's own file, named by a digest of server and token.
  const pendingFile = () => readdirSync(machine.userData).find((name) => /^pending-[0-9a-f]{16}\.json$/.test(name));
  await expect.poll(pendingFile).toBeDefined();
  const path = join(machine.userData, pendingFile() ?? '');
  await expect.poll(() => readFileSync(path, 'utf8')).toMatch(new RegExp(`"${COUNTER.coffees}":\\{"runs":\\[1\\](,"accepted":\\[[^\\]]*\\])?\\}`));
  first.electron.tray.clickMenuItem('Quit Counter Tray');
  expect(await first.exited).toBe(0);

  // Another program copies the owner key and adds a click on another counter.
  const written = JSON.parse(readFileSync(path, 'utf8')) as { owner: string; pending: { counters: Record<string, unknown> } };
  written.pending.counters[COUNTER.pushUps] = { runs: [1_000_000] };
  writeFileSync(path, JSON.stringify(written));
  const pushUpsBefore = service.getCounter(COUNTER.pushUps)?.value;

  await service.resume();
  const logFrom = service.requestLog.length;
  const second = await machine.launch(['--hidden']);
  const popup2 = await second.popup();
  await expect(valueOf(popup2, 'Coffees today')).toHaveText('4');
  await expect(rowOf(popup2, 'Coffees today')).not.toHaveAttribute('aria-label', /waiting|not confirmed yet/);
  await expect.poll(() => second.electron.notifications.map((n) => n.title)).toEqual(['Counter Tray set unsent clicks aside']);
  expect(service.getCounter(COUNTER.coffees)?.value, 'the app’s own click').toBe(4);
  expect(service.getCounter(COUNTER.pushUps)?.value, 'the planted one').toBe(pushUpsBefore);
  expect(stepsOn(service, ADA.id, COUNTER.pushUps, logFrom)).toEqual([]);
  expect(readdirSync(machine.userData).filter((name) => /^pending-[0-9a-f]{16}\.json\.corrupt-/.test(name))).toHaveLength(1);
});
