// What a user does in the popup, shared by the specs: sign in through onboarding.
import type { Page } from '@playwright/test';
import type { CounterService } from '../../src-service/index';
import { ADA } from '../e2e/support/e2e-fixtures';
import { rowOf } from '../e2e/support/test';
import type { Launch } from './boot';
import { expect } from './fixtures';

/** Onboarding → Connect with this token → the list. Returns the popup. */
export async function signIn(launch: Launch, service: CounterService, token = ADA.token): Promise<Page> {
  const popup = await launch.popup();
  await popup.getByLabel('Server').fill(service.url);
  await popup.getByLabel('API token').fill(token);
  await popup.getByRole('button', { name: 'Connect' }).click();
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  return popup;
}

/** Requests the service logged for one user since index `from`. */
export const requestsOf = (service: CounterService, userId: string, from = 0) => service.requestLog.slice(from).filter((entry) => entry.userId === userId);

/** POSTs that incremented or decremented this counter. */
export const stepsOn = (service: CounterService, userId: string, counterId: string, from = 0) =>
  requestsOf(service, userId, from).filter((entry) => entry.method === 'POST' && entry.path.startsWith(`/v2/counters/${counterId}/`));
