// Playwright fixtures for the specs that boot the shipped app under the Electron double:
// a fresh DesktopMachine (profile, keyring, locks) and reference service per test.
import { test as base, expect as baseExpect } from '@playwright/test';
import { startCounterService, type CounterService } from '../../src-service/index';
import { e2eFixtures } from '../web/e2e-fixtures';
import { DesktopMachine } from './boot';
import { ensureBuilt } from './build-output';

// A shared 2-core machine: give UI expectations room under load (they return as soon as they hold).
export const expect = baseExpect.configure({ timeout: 15_000 });

interface Fixtures {
  service: CounterService;
  machine: DesktopMachine;
}

export const test = base.extend<Fixtures>({
  // eslint-disable-next-line no-empty-pattern
  service: async ({}, use) => {
    const service = await startCounterService({ port: 0, fixtures: e2eFixtures() });
    await use(service);
    await service.close();
  },
  machine: async ({ browser }, use) => {
    ensureBuilt();
    const machine = new DesktopMachine(browser);
    await use(machine);
    // Every launch must have shown only the dialogs the test expected, made Electron log nothing, used no API Electron 46 removes, and its pages no errors.
    const unexpected = machine.launches.flatMap((launch) => launch.electron.dialog.unexpected);
    const electronLog = machine.launches.flatMap((launch) => launch.electron.electronLog);
    const deprecated = machine.launches.flatMap((launch) => launch.electron.safeStorage.deprecatedCalls);
    const hosts = await Promise.all(machine.launches.flatMap((launch) => launch.electron.createdWindows.map((window) => window.webContents.pageHost())));
    await machine.close();
    expect(unexpected, 'dialogs the test did not expect').toEqual([]);
    expect(electronLog, 'what Electron itself would have logged (a misuse of its API)').toEqual([]);
    expect(deprecated, 'safeStorage calls deprecated in Electron 45, removed in 46').toEqual([]);
    expect(hosts.flatMap((host) => host.preloadErrors), 'errors in the preload').toEqual([]);
    expect(hosts.flatMap((host) => host.pageErrors), 'page errors or CSP violations').toEqual([]);
  },
});

