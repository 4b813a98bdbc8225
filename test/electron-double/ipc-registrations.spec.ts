// The contract's channels are the only ipcMain listeners of the shipped
// main.js, counting `on` and `once` (send-style listeners, which have no sender check in
// the wrapper) as well as `handle`. electron-store's constructor used to add
// `ipcMain.on('electron-store-get-data')`; main now keeps settings in its own JSON store.
// Booted under the Electron double, through a sign-in (settings written, a core running).
import { INVOKE_CHANNELS } from '../../src-main/ipc/main-wrapper';
import type { Launch } from '../../dev-tools/electron-double/boot';
import { expect, test } from '../../dev-tools/electron-double/fixtures';
import { signIn } from '../../dev-tools/electron-double/flows';

/** Listeners outside the contract, and contract channels registered other than with handle(). */
function beyondContract(launch: Launch): string[] {
  return launch.electron.ipcMain
    .registrations()
    .filter((r) => r.kind !== 'handle' || !(INVOKE_CHANNELS as string[]).includes(r.channel))
    .map((r) => `${r.kind} ${r.channel}`);
}

test('main.js registers exactly the contract’s channels, with handle(), and no on/once listener', async ({ machine, service }) => {
  const launch = await machine.launch();
  await signIn(launch, service);
  expect(beyondContract(launch)).toEqual([]);
  expect(launch.electron.ipcMain.registrations().map((r) => r.channel).sort()).toEqual([...INVOKE_CHANNELS].sort());
});

test('negative control: the listener electron-store’s constructor registers is caught', async ({ machine, service }) => {
  const launch = await machine.launch();
  await signIn(launch, service);
  // What `new Store()` of electron-store 12 does at construction (its index.js, initDataListener).
  launch.electron.ipcMain.on('electron-store-get-data', () => undefined);
  expect(beyondContract(launch)).toEqual(['on electron-store-get-data']);
});
