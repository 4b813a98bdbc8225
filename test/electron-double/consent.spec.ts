// Main's own questions and the public-site links, as the shipped
// main.ts wires them: dialog.showMessageBox decides where the token goes, shell.openExternal
// opens only pages of the public site.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ADA } from '../../dev-tools/web/e2e-fixtures';
import { rowOf } from '../e2e/support/test';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { ask, expectChangeServer, fillServer, requestsOf } from '../../dev-tools/electron-double/flows';

test('connecting to a server that is not the default asks first; "Cancel" sends the token nowhere', async ({ machine, service }) => {
  const launch = await machine.launch();
  const popup = await launch.popup();
  await fillServer(popup, service.url);
  await popup.getByLabel('API token').fill(ADA.token);
  const logFrom = service.requestLog.length;
  expectChangeServer(launch, service, 'cancel');

  await popup.getByRole('button', { name: 'Connect' }).click();

  await expect(popup.getByRole('alert')).toHaveText('Not connected: you chose not to send your token there.');
  expect(launch.electron.dialog.shown.map((box) => box.message)).toEqual([`Send your API token to ${new URL(service.url).origin}?`]);
  expect(launch.electron.dialog.pendingExpectations(), 'the question was asked').toEqual([]);
  expect(service.requestLog.slice(logFrom), 'not a single request reached the server').toEqual([]);
  await expect(popup.getByRole('heading', { name: 'Connect to CountTogether' })).toBeVisible();
  expect(existsSync(join(machine.userData, 'token.json')), 'nothing stored').toBe(false);

  // Control: the same request log does see the token once the user says yes.
  expectChangeServer(launch, service, 'use');
  await popup.getByLabel('API token').fill(ADA.token);
  await popup.getByRole('button', { name: 'Connect' }).click();
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  expect(requestsOf(service, ADA.id, logFrom).length).toBeGreaterThan(0);
});

test('"Get a token" opens the public site\'s token page through shell.openExternal', async ({ machine }) => {
  const launch = await machine.launch();
  const popup = await launch.popup();
  await popup.getByRole('button', { name: 'Get a token' }).click();
  await expect.poll(() => launch.electron.shell.opened).toEqual(['https://counttogether.app/settings/tokens']);
  // Only the public site: a page asking for anything else opens nothing.
  const refused = await ask(popup, 'app:openLink', { target: 'https://evil.example/' });
  expect(refused.ok).toBe(false);
  expect(launch.electron.shell.opened).toHaveLength(1);
});
