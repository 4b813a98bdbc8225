// The whole app without Electron, signed in to the reference service's demo data over loopback:
// what tests of clicks and their requests start from. `cleanups` stops both, app first.
import { expect } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../dev-tools/headless/headless-app';
import { DEMO_TOKEN, startCounterService, type CounterService } from '../../src-service/index';

export async function signedInDemo(cleanups: (() => Promise<void>)[]): Promise<{ app: HeadlessApp; svc: CounterService }> {
  const svc = await startCounterService({ port: 0, fixtures: 'demo' });
  cleanups.push(() => svc.close());
  const app = createHeadlessApp({ systemTimezone: 'UTC' });
  cleanups.push(() => app.stop());
  await app.start();
  expect(await app.dispatch('session:connect', { serverUrl: svc.url, token: DEMO_TOKEN })).toEqual({ ok: true, value: null });
  return { app, svc };
}
