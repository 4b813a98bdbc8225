// What a user does in the popup, shared by the specs: sign in through onboarding.
import type { Page } from '@playwright/test';
import type { CounterService } from '../../src-service/index';
import { ADA } from '../e2e/support/e2e-fixtures';
import { rowOf } from '../e2e/support/test';
import type { Launch } from './boot';
import { expect } from './fixtures';

/** The server field waits under "Advanced" (issue 17); it is open already when the server is not the default. */
export async function fillServer(popup: Page, url: string): Promise<void> {
  const advanced = popup.getByRole('button', { name: 'Advanced' });
  if ((await advanced.getAttribute('aria-expanded')) !== 'true') await advanced.click();
  await popup.getByLabel('Server').fill(url);
}

/** The reference service is not the default server: main asks before it sends the token there (issue 12). */
export function expectChangeServer(launch: Launch, service: CounterService, click: 'use' | 'cancel' = 'use'): void {
  const host = new URL(service.url).host;
  launch.electron.dialog.expect({ match: new RegExp(`^Send your API token to ${escapeRegExp(new URL(service.url).origin)}\\?`), click: click === 'use' ? `Use ${host}` : 'Cancel' });
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Onboarding → Advanced → server → Connect with this token → "Use <server>" in main's dialog → the list. Returns the popup. */
export async function signIn(launch: Launch, service: CounterService, token = ADA.token): Promise<Page> {
  const popup = await launch.popup();
  await fillServer(popup, service.url);
  await popup.getByLabel('API token').fill(token);
  expectChangeServer(launch, service);
  await popup.getByRole('button', { name: 'Connect' }).click();
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  expect(launch.electron.dialog.pendingExpectations(), 'main asked before sending the token to a new server').toEqual([]);
  return popup;
}

/** Requests the service logged for one user since index `from`. */
export const requestsOf = (service: CounterService, userId: string, from = 0) => service.requestLog.slice(from).filter((entry) => entry.userId === userId);

/** POSTs that incremented or decremented this counter. */
export const stepsOn = (service: CounterService, userId: string, counterId: string, from = 0) =>
  requestsOf(service, userId, from).filter((entry) => entry.method === 'POST' && entry.path.startsWith(`/v2/counters/${counterId}/`));
