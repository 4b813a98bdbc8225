// What a user does in the popup (sign in through onboarding) and what its page asks main, shared by the specs.
import type { Page } from '@playwright/test';
import type { CounterService } from '../../src-service/index';
import type { Translator } from '../../src-shared/i18n/translator';
import { en } from '../support/i18n';
import { ADA } from '../web/e2e-fixtures';
import { rowOf } from '../web/rows';
import type { DesktopMachine, Launch } from './boot';
import { expect } from './fixtures';

/** The server field waits under "Advanced" (most users keep the default server); it is open already when the server is not the default. `tr`: the app's language. */
export async function fillServer(popup: Page, url: string, tr: Translator = en): Promise<void> {
  const advanced = popup.getByRole('button', { name: tr.t('onboarding.advanced') });
  if ((await advanced.getAttribute('aria-expanded')) !== 'true') await advanced.click();
  await popup.getByLabel(tr.t('onboarding.server')).fill(url);
}

/** The reference service is not the default server: main asks before it sends the token there (the token belongs to its server), in the app's language. */
export function expectChangeServer(launch: Launch, service: CounterService, click: 'use' | 'cancel' = 'use', tr: Translator = en): void {
  const host = new URL(service.url).host;
  launch.electron.dialog.expect({
    match: new RegExp(`^${escapeRegExp(tr.t('dialog.changeServer', { to: new URL(service.url).origin }))}\n`),
    click: click === 'use' ? tr.t('dialog.changeServerConfirm', { host }) : tr.t('common.cancel'),
  });
}

/** What main answered a contract call: its value, or its refusal. */
export interface Answer<T = unknown> {
  ok: boolean;
  value?: T;
  error?: { code: string; message: string };
}

/**
 * A contract call as the page makes it (`window.counterTray.invoke`). The window exists before the page main loads
 * into it, and a call made meanwhile dies with the navigation: it waits for the preload's bridge first.
 */
export async function ask<T = unknown>(page: Page, channel: string, request: unknown): Promise<Answer<T>> {
  await page.waitForFunction(() => 'counterTray' in globalThis);
  const answer = await page.evaluate(([c, r]) => (globalThis as unknown as { counterTray: { invoke(c: string, r: unknown): Promise<unknown> } }).counterTray.invoke(c, r), [channel, request] as const);
  return answer as Answer<T>;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Onboarding → Advanced → server → Connect with this token → "Use <server>" in main's dialog → the list. Returns the popup. */
export async function signIn(launch: Launch, service: CounterService, token = ADA.token, tr: Translator = en): Promise<Page> {
  const popup = await launch.popup();
  await fillServer(popup, service.url, tr);
  await popup.getByLabel(tr.t('onboarding.token')).fill(token);
  expectChangeServer(launch, service, 'use', tr);
  await popup.getByRole('button', { name: tr.t('onboarding.connect') }).click();
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  expect(launch.electron.dialog.pendingExpectations(), 'main asked before sending the token to a new server').toEqual([]);
  return popup;
}

/** Requests the service logged for one user since index `from`. */
export const requestsOf = (service: CounterService, userId: string, from = 0) => service.requestLog.slice(from).filter((entry) => entry.userId === userId);

/** POSTs that incremented or decremented this counter. */
export const stepsOn = (service: CounterService, userId: string, counterId: string, from = 0) =>
  requestsOf(service, userId, from).filter((entry) => entry.method === 'POST' && entry.path.startsWith(`/v2/counters/${counterId}/`));

/**
 * Signs in, quits, and launches again with the service away: no connection to it exists, so a
 * click can only wait on disk. (Suspending under a running app leaves a moment, longer under load,
 * in which a click goes out on a keep-alive connection the stop dropped: rightly "could not confirm".)
 */
export async function launchWhileAway(machine: DesktopMachine, service: CounterService): Promise<{ launch: Launch; popup: Page }> {
  const first = await machine.launch();
  await signIn(first, service);
  expect(await first.quit()).toBe(0);
  await service.suspend();
  const launch = await machine.launch();
  const popup = await launch.popup();
  await expect(popup.locator('.connection')).toHaveAttribute('data-status', /connecting|reconnecting|offline/);
  await expect(rowOf(popup, 'Coffees today')).toBeVisible();
  return { launch, popup };
}
