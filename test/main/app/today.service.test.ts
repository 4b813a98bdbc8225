// Every "today" figure in the state main publishes (the row's today change, goal progress, day
// counters, the day milestones are reckoned from, the tray tooltip) rolls at local midnight with no
// request and nothing else happening, and follows a stepped wall clock within the hour, at once
// on unlock or resume. The whole app on one fake clock; answers from test/support/day-oracle.ts.
import { describe, expect, it } from 'vitest';
import { createHeadlessApp, type HeadlessApp } from '../../../dev-tools/headless/headless-app';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { presentTray } from '../../../src-main/desktop/tray-presentation';
import type { FixturesFile } from '../../../src-service/index';
import { DEFAULT_SETTINGS } from '../../../src-shared/domain/settings';
import type { AppState } from '../../../src-shared/ipc/contract';
import { FROM_DATE, SHARED, TO_DATE, USERS, fixtures, onCleanup, startService } from '../../support/core-harness';
import { HOUR, dateIn, daysFromTo, instantAt, nextStartOfDay, stepLength } from '../../support/day-oracle';

const COUNTER = SHARED[0] as string; // "Shared counter 1", 100
const NO_PING = { pingIntervalMs: 1e12 }; // fake hours pass in a blink; pings would race them

interface Published {
  at: number;
  state: AppState;
}

async function launch(zone: string, local: string, data: FixturesFile = fixtures()) {
  const clock = new FakeClock(instantAt(zone, local));
  const service = await startService({ now: () => clock.now(), fixtures: data });
  const app: HeadlessApp = createHeadlessApp({
    systemTimezone: zone,
    settings: { ...DEFAULT_SETTINGS, serverUrl: service.url, pinned: [COUNTER] },
    storedToken: { token: USERS.ada.token, origin: new URL(service.url).origin, storage: 'encrypted' },
    clock,
    coreOverrides: { clock, tuning: NO_PING },
  });
  onCleanup(() => app.stop());
  const published: Published[] = [];
  app.controller.on('state:changed', (state) => published.push({ at: clock.now(), state }));
  await app.start();
  /** The state main last published, once it shows what `ready` asks (the fake clock lets the next push through). */
  const latest = async (ready: (s: AppState) => boolean = () => true): Promise<AppState> => {
    for (let tries = 0; tries < 100; tries += 1) {
      const last = published.at(-1)?.state;
      if (last && ready(last)) return last;
      await clock.advance(16);
    }
    throw new Error('no such state was published');
  };
  await latest((s) => s.core?.connection.status === 'live' && s.extras !== undefined);
  const requests = () => service.requestLog.length;
  const tooltip = (s: AppState) => presentTray(s, app.controller.translator()).tooltip;
  return { clock, app, service, published, latest, requests, tooltip };
}

/** Ada's +2 on the pinned counter, recorded, its undo offer gone. */
async function plusTwo(launched: Awaited<ReturnType<typeof launch>>): Promise<AppState> {
  expect(await launched.app.dispatch('counter:increment', { id: COUNTER, amount: 2 })).toEqual({ ok: true, value: null });
  await launched.clock.advance(60_000);
  return launched.latest((s) => s.activity.today[COUNTER] === 2 && s.activity.undo === null);
}

const value = (s: AppState, id: string) => s.core?.counters.find((c) => c.id === id)?.value;
const onlyUpDown = (): FixturesFile => ({ ...fixtures(), counters: fixtures().counters.filter((c) => c.type === 'UpDown') });

describe('issue 49: today figures roll at local midnight with no request', () => {
  it('the row’s "+2 today" and the tooltip’s go at midnight though nothing else changes (only UpDown counters, no goal)', async () => {
    const zone = 'Asia/Kathmandu'; // +05:45: midnight is 18:15 UTC
    const launched = await launch(zone, '2026-11-22T23:00', onlyUpDown());
    const { clock, published, requests, tooltip } = launched;
    const before = await plusTwo(launched);
    expect(tooltip(before)).toContain('(+2 today)');
    const midnight = nextStartOfDay(zone, clock.now());
    expect(new Date(midnight).toISOString()).toBe('2026-11-22T18:15:00.000Z');
    await clock.advanceTo(midnight - 1);
    expect(published.at(-1)?.state.activity.today[COUNTER]).toBe(2);
    const sent = requests();
    const pushes = published.length;
    await clock.advanceTo(midnight);
    const turned = published.slice(pushes);
    expect(turned.map((p) => p.at)).toContain(midnight);
    const first = turned[0]!;
    expect(first.at).toBe(midnight);
    expect(first.state.activity.today).toEqual({});
    expect(tooltip(first.state)).not.toContain('today)');
    expect(requests()).toBe(sent);
  });

  it('every figure in one push at midnight: today’s change, goal progress, day counters, the milestone day, the tooltip (29 February’s third anniversary)', async () => {
    const zone = 'Australia/Lord_Howe'; // +11 in February (its DST is 30 minutes)
    const launched = await launch(zone, '2027-02-27T23:30');
    const { clock, app, published, requests, tooltip } = launched;
    await app.dispatch('goal:set', { id: COUNTER, goal: { target: 5, period: 'day', count: 'all' } });
    const before = await plusTwo(launched);
    expect(before.extras).toMatchObject({ today: '2027-02-27', goals: { [COUNTER]: { done: 2 } } });
    expect(tooltip(before)).toContain('(+2 today) · 2 / 5 today');
    expect([value(before, FROM_DATE), value(before, TO_DATE)]).toEqual([daysFromTo('2024-02-29', '2027-02-27'), 2]);
    const midnight = nextStartOfDay(zone, clock.now());
    await clock.advanceTo(midnight - 1);
    const sent = requests();
    const pushes = published.length;
    await clock.advanceTo(midnight);
    const first = published[pushes]!;
    expect(first.at).toBe(midnight);
    const day = dateIn(zone, midnight);
    expect(day).toBe('2027-02-28');
    expect(first.state.activity.today).toEqual({});
    expect(first.state.extras).toMatchObject({ today: day, goals: { [COUNTER]: { done: 0 } } });
    expect([value(first.state, FROM_DATE), value(first.state, TO_DATE)]).toEqual([daysFromTo('2024-02-29', day), daysFromTo(day, '2027-03-01')]);
    expect(tooltip(first.state)).toMatch(/Shared counter 1: 102 · 0 \/ 5 today/);
    expect(requests()).toBe(sent);
  });
});

describe('issue 49: a stepped wall clock', () => {
  it.each([
    ['forward a day', { days: 1 }],
    ['back a week', { weeks: -1 }],
    ['forward a year', { years: 1 }],
  ] as const)('%s: every figure follows within the hour, with no request', async (_name, step) => {
    const zone = 'America/Santiago';
    const launched = await launch(zone, '2026-09-05T12:00'); // the night after has no midnight: the 6th starts at 01:00
    const { clock, requests } = launched;
    await plusTwo(launched);
    const sent = requests();
    clock.stepWall(stepLength(zone, clock.now(), step));
    await clock.advance(HOUR);
    const day = dateIn(zone, clock.now());
    const state = await launched.latest();
    expect(state.extras?.today).toBe(day);
    expect(state.activity.today).toEqual({});
    expect(value(state, FROM_DATE)).toBe(daysFromTo('2024-02-29', day));
    expect(requests()).toBe(sent);
  });

  it('an unlock reads the wall clock at once, with no request; the following midnight turns on the dot', async () => {
    const zone = 'Asia/Beirut'; // 29 March 2026 starts at 01:00: DST begins at midnight
    const launched = await launch(zone, '2026-03-27T12:00');
    const { clock, app, published, requests } = launched;
    await plusTwo(launched);
    const sent = requests();
    clock.stepWall(stepLength(zone, clock.now(), { days: 1, hours: 11, minutes: 30 })); // 23:30 on the 28th
    const pushes = published.length;
    app.controller.checkDay();
    await clock.advance(0);
    expect(published[pushes]?.state.extras?.today).toBe('2026-03-28');
    expect(published[pushes]?.state.activity.today).toEqual({});
    const dayStart = nextStartOfDay(zone, clock.now());
    expect(new Date(dayStart).toISOString()).toBe('2026-03-28T22:00:00.000Z'); // 01:00 EEST
    await clock.advanceTo(dayStart);
    expect(published.at(-1)).toMatchObject({ at: dayStart, state: { extras: { today: '2026-03-29' } } });
    expect(value(published.at(-1)!.state, FROM_DATE)).toBe(daysFromTo('2024-02-29', '2026-03-29'));
    expect(requests()).toBe(sent);
  });

  it('a resume reads the wall clock at once, though the server does not answer', async () => {
    const zone = 'Pacific/Chatham'; // +13:45
    const launched = await launch(zone, '2026-11-22T12:00');
    const { clock, app, published, service } = launched;
    await service.suspend();
    const pushes = published.length;
    clock.stepWall(stepLength(zone, clock.now(), { weeks: 1 }));
    app.controller.notifyResume();
    await clock.advance(16);
    const first = published[pushes]!.state;
    expect(first.extras?.today).toBe('2026-11-29');
    expect(value(first, FROM_DATE)).toBe(daysFromTo('2024-02-29', '2026-11-29'));
  });
});
