// Settings → Sounds, main's half: which changes raise a cue in the state (controller.ts), with the real
// core against the reference service. The page's half (playing it) is test/e2e/sounds.spec.ts.
import { afterEach, describe, expect, it } from 'vitest';
import type { HeadlessApp } from '../../../dev-tools/headless/headless-app';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings';
import { DEMO_COUNTER_IDS, DEMO_OTHER_TOKEN, type CounterService } from '../../../src-service/index';
import { signedInDemo } from '../../support/signed-in-demo';
import { waitForState } from '../../support/wait-for-state';

const cleanups: (() => Promise<void>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const COFFEES = DEMO_COUNTER_IDS.coffees; // shared with Alan
const ON = { ...DEFAULT_SETTINGS.sounds, on: true };
const cueOf = (app: HeadlessApp) => app.controller.getState().cue;

/** Alan's +1 on Coffees; resolves once the app took it as another member's change. */
async function alanCounts(app: HeadlessApp, svc: CounterService): Promise<void> {
  const seen = new Promise<void>((resolve) => {
    const off = app.controller.onRemoteChange(() => (off(), resolve()));
  });
  const answer = await fetch(`${svc.url}/v2/counters/${COFFEES}/increment`, { method: 'POST', headers: { Authorization: `Bearer ${DEMO_OTHER_TOKEN}` } });
  expect(answer.status).toBe(200);
  await seen;
}

describe('sound cues', () => {
  it('are off by default: own counts and others’ raise none', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    expect(app.controller.getState().settings.sounds).toEqual({ on: false, volume: 60, others: false });
    await app.dispatch('counter:increment', { id: COFFEES });
    await alanCounts(app, svc);
    expect(cueOf(app)).toBeUndefined();
  });

  it('a click for every own count, from the popup, the tray, a shortcut, a link and the command line', async () => {
    const { app } = await signedInDemo(cleanups);
    await app.dispatch('settings:update', { sounds: ON });
    await app.dispatch('counter:increment', { id: COFFEES });
    expect(cueOf(app)).toEqual({ sound: 'click', seq: 1 });
    for (const source of ['tray', 'shortcut', 'link', 'commandLine'] as const) await app.controller.dispatchFrom(source)('counter:decrement', { id: COFFEES });
    expect(cueOf(app)).toEqual({ sound: 'click', seq: 5 });
    // A refused count is no count.
    expect(await app.dispatch('counter:increment', { id: '019a4f2e-8c00-7d3a-9b1e-000000000000' })).toMatchObject({ ok: false });
    expect(cueOf(app)?.seq).toBe(5);
  });

  it('others’ changes raise none unless asked, then a click but for a muted counter', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    await app.dispatch('settings:update', { sounds: ON });
    await alanCounts(app, svc);
    expect(cueOf(app)).toBeUndefined();
    await app.dispatch('settings:update', { sounds: { ...ON, others: true } });
    await alanCounts(app, svc);
    expect(cueOf(app)).toEqual({ sound: 'click', seq: 1 });
    await app.dispatch('settings:update', { notifications: { enabled: true, mutedCounters: [COFFEES] } });
    await alanCounts(app, svc);
    expect(cueOf(app)?.seq).toBe(1);
  });

  it('a chime when a goal is reached', async () => {
    const { app } = await signedInDemo(cleanups);
    await app.dispatch('settings:update', { sounds: ON });
    await waitForState(app, (s) => s.extras !== undefined);
    expect(await app.dispatch('goal:set', { id: COFFEES, goal: { target: 2, period: 'day', count: 'mine' } })).toEqual({ ok: true, value: null });
    await app.dispatch('counter:increment', { id: COFFEES });
    await app.dispatch('counter:increment', { id: COFFEES });
    await waitForState(app, (s) => s.cue?.sound === 'chime');
    expect(cueOf(app)).toEqual({ sound: 'chime', seq: 3 });
  });

  it('none when off, a goal reached included', async () => {
    const { app } = await signedInDemo(cleanups);
    await app.dispatch('settings:update', { sounds: { on: false, volume: 100, others: true } });
    await waitForState(app, (s) => s.extras !== undefined);
    await app.dispatch('goal:set', { id: COFFEES, goal: { target: 1, period: 'day', count: 'mine' } });
    // The chime would be raised just before the announcement is told.
    const announced = new Promise<void>((resolve) => {
      const off = app.controller.onAnnouncement(() => (off(), resolve()));
    });
    await app.dispatch('counter:increment', { id: COFFEES });
    await announced;
    expect(cueOf(app)).toBeUndefined();
  });
});
