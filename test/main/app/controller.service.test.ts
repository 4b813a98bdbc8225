// The app layer with the real sync core against the reference Counter Service:
// what the Electron shell and the browser harness run, minus the windows.
import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../../dev-tools/headless/headless-app';
import { DEMO_COUNTER_IDS, DEMO_OTHER_TOKEN, DEMO_TOKEN, startCounterService, type CounterService } from '../../../src-service/index';
import type { AppState } from '../../../src-shared/ipc/contract';
import { waitForState } from '../../support/wait-for-state';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function setup(): Promise<{ app: HeadlessApp; service: CounterService; states: AppState[] }> {
  const service = await startCounterService({ port: 0, fixtures: 'demo' });
  cleanups.push(() => service.close());
  const app = createHeadlessApp({ systemTimezone: 'UTC' });
  cleanups.push(() => app.stop());
  const states: AppState[] = [];
  app.controller.on('state:changed', (s) => states.push(s));
  await app.start();
  return { app, service, states };
}


describe('headless app with the real core and the reference service', () => {
  it('signs in, increments a counter on the server, and rejects a wrong token precisely', async () => {
    const { app, service } = await setup();
    const wrong = await app.dispatch('session:connect', { serverUrl: service.url, token: 'not-a-real-token' });
    expect(wrong).toMatchObject({ ok: false, error: { code: 'token-rejected' } });

    expect(await app.dispatch('session:connect', { serverUrl: service.url, token: DEMO_TOKEN })).toEqual({ ok: true, value: null });
    const signedIn = app.controller.getState();
    expect(signedIn.session).toMatchObject({ status: 'signedIn', mode: 'account', tokenStorage: 'encrypted' });
    expect(JSON.stringify(signedIn)).not.toContain(DEMO_TOKEN);

    const upDown = signedIn.core?.counters.find((c) => c.type === 'UpDown' && service.getCounter(c.id)?.mode !== 'OnlyDown');
    expect(upDown).toBeDefined();
    const id = upDown?.id ?? '';
    const before = service.getCounter(id)?.value ?? 0;
    expect(await app.dispatch('counter:increment', { id })).toEqual({ ok: true, value: null });
    await waitForState(app, (s) => s.core?.counters.find((c) => c.id === id)?.pending === false && s.core.counters.find((c) => c.id === id)?.value === before + 1);
    expect(service.getCounter(id)?.value).toBe(before + 1);
  });

  it('answers server-unreachable for a port nobody listens on', async () => {
    const { app, service } = await setup();
    const url = service.url;
    await service.close();
    cleanups.pop();
    const result = await app.dispatch('session:connect', { serverUrl: url, token: DEMO_TOKEN });
    expect(result).toMatchObject({ ok: false, error: { code: 'server-unreachable' } });
  });

  it('runs the demo through the real service module', async () => {
    const { app } = await setup();
    expect(await app.dispatch('session:startDemo', {})).toEqual({ ok: true, value: null });
    const state = app.controller.getState();
    expect(state.session).toMatchObject({ status: 'signedIn', mode: 'demo', tokenStorage: 'none' });
    expect(state.core?.counters.map((c) => c.id)).toContain(DEMO_COUNTER_IDS.coffees);
  });

  it('reports a change made by someone else as a remote change', async () => {
    const { app, service } = await setup();
    await app.dispatch('session:connect', { serverUrl: service.url, token: DEMO_TOKEN });
    await waitForState(app, (s) => s.core?.connection.status === 'live');
    const remote = new Promise((resolve) => app.controller.onRemoteChange(resolve));
    const response = await fetch(`${service.url}/v2/counters/${DEMO_COUNTER_IDS.coffees}/increment`, { method: 'POST', headers: { Authorization: `Bearer ${DEMO_OTHER_TOKEN}` } });
    expect(response.status).toBe(200);
    const before = service.getCounter(DEMO_COUNTER_IDS.coffees)?.value ?? 0;
    expect(await remote).toMatchObject({ counterId: DEMO_COUNTER_IDS.coffees, to: before });
  });
});
