// Playwright fixtures for the specs that boot the shipped app under the Electron double:
// a fresh DesktopMachine (profile, keyring, locks) and reference service per test.
import { test as base, expect } from '@playwright/test';
import { startCounterService, type CounterService } from '../../src-service/index';
import { e2eFixtures } from '../e2e/support/e2e-fixtures';
import { DesktopMachine } from './boot';
import { ensureBuilt } from './build-output';

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
    // Every launch must have ended cleanly and shown only the dialogs the test expected.
    const unexpected = machine.launches.flatMap((launch) => launch.electron.dialog.unexpected);
    await machine.close();
    expect(unexpected, 'dialogs the test did not expect').toEqual([]);
  },
});

export { expect };
