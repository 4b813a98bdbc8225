// Reminders on the fake clock: once at their time while still useful, snooze and done, once per local day
// across a restart, a change of zone and a sleep; each silence beside a control that fires. Then the
// Add button against the reference service.
import { afterEach, describe, expect, it } from 'vitest';
import { FakeClock } from '../../../dev-tools/support/fake-clock';
import { en } from '../../../dev-tools/support/i18n';
import { memoryFile } from '../../../dev-tools/support/memory-file';
import { createReminders, localInstant, nextDue, type ReminderNotice } from '../../../src-main/desktop/reminders';
import { DEFAULT_SETTINGS, type Settings } from '../../../src-shared/domain/settings';
import type { AppStateBody } from '../../../src-shared/ipc/contract';
import { DEMO_COUNTER_IDS } from '../../../src-service/index';
import { signedInDemo } from '../../support/signed-in-demo';
import { COFFEE_ID, counter, signedInState } from '../../support/app-fakes';
import { waitForState } from '../../support/wait-for-state';

const EVERY_DAY = [1, 2, 3, 4, 5, 6, 7];
/** Sunday 22 November 2026, 13:00 in Berlin; the reminder at 20:00 Berlin is 19:00 UTC. */
const START = Date.UTC(2026, 10, 22, 12, 0);
const AT_EIGHT = Date.UTC(2026, 10, 22, 19, 0);
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

type Options = { goal?: { done: number; target: number }; today?: number; file?: ReturnType<typeof memoryFile>; clock?: FakeClock; time?: string; zone?: string; recordsRead?: () => Promise<void> };

async function setup(options: Options = {}) {
  const clock = options.clock ?? new FakeClock(START);
  const file = options.file ?? memoryFile();
  const world = {
    zone: options.zone ?? 'Europe/Berlin',
    settings: { ...DEFAULT_SETTINGS, reminders: { [COFFEE_ID]: { time: options.time ?? '20:00', days: EVERY_DAY } } } as Settings,
    state: signedInState([counter(COFFEE_ID, 'Coffees', 3)], [], {
      extras: { goals: options.goal ? { [COFFEE_ID]: { ...options.goal, period: 'day', count: 'all' } } : {}, milestonesMuted: [], today: '2026-11-22' },
      activity: { today: options.today ? { [COFFEE_ID]: options.today } : {}, undo: null },
    }) as AppStateBody,
  };
  const shown: ReminderNotice[] = [];
  const added: string[] = [];
  const reminders = createReminders({
    clock,
    timezone: () => world.zone,
    settings: () => world.settings,
    state: () => world.state,
    recordsRead: options.recordsRead ?? (() => Promise.resolve()),
    file,
    i18n: () => en,
    deliver: (notice) => shown.push(notice),
    add: (id) => added.push(id),
    warn: () => undefined,
  });
  await reminders.start();
  const press = (text: string) => shown.at(-1)?.actions.find((a) => a.text === text)?.run();
  return { clock, file, world, shown, added, reminders, press };
}

describe('when a reminder is due', () => {
  it('is the local time on a chosen weekday, right on DST days, and never one already handled', () => {
    expect(localInstant('Europe/Berlin', '2026-11-22', '20:00')).toBe(AT_EIGHT);
    expect(localInstant('Europe/Berlin', '2026-07-01', '20:00')).toBe(Date.UTC(2026, 6, 1, 18, 0));
    // 29 March 2026: 02:00 → 03:00 in Berlin; 02:30 does not exist and comes an hour later.
    expect(localInstant('Europe/Berlin', '2026-03-29', '20:00')).toBe(Date.UTC(2026, 2, 29, 18, 0));
    expect(localInstant('Europe/Berlin', '2026-03-29', '02:30')).toBe(Date.UTC(2026, 2, 29, 1, 30));
    const weekdays = { [COFFEE_ID]: { time: '08:00', days: [1, 2, 3, 4, 5] } };
    // Sunday: the next is Monday 08:00.
    expect(nextDue(weekdays, START, 'Europe/Berlin', {})).toEqual({ id: COFFEE_ID, at: Date.UTC(2026, 10, 23, 7, 0) });
    expect(nextDue({ [COFFEE_ID]: { time: '08:00', days: [] } }, START, 'Europe/Berlin', {})).toBeUndefined();
    // Missed today (08:00 < 13:00) and not handled: due now; handled today: tomorrow.
    const daily = { [COFFEE_ID]: { time: '08:00', days: EVERY_DAY } };
    expect(nextDue(daily, START, 'Europe/Berlin', {})?.at).toBe(Date.UTC(2026, 10, 22, 7, 0));
    expect(nextDue(daily, START, 'Europe/Berlin', { [COFFEE_ID]: { day: '2026-11-22' } })?.at).toBe(Date.UTC(2026, 10, 23, 7, 0));
  });
});

describe('reminders', () => {
  it('fire once at their time while the goal is not met, with Add (the step), Snooze and Done', async () => {
    const { clock, shown } = await setup({ goal: { done: 1, target: 5 } });
    await clock.advanceTo(AT_EIGHT - 1);
    expect(shown).toEqual([]);
    await clock.advanceTo(AT_EIGHT);
    expect(shown).toEqual([{ title: 'Coffees', body: '1 / 5 today', counterId: COFFEE_ID, actions: ['Add 1', 'Snooze 15 min', 'Done for today'].map((text) => ({ text, run: expect.any(Function) })) }]);
    await clock.advanceTo(AT_EIGHT + 4 * HOUR);
    expect(shown).toHaveLength(1);
    // The next day, at its time again.
    await clock.advanceTo(AT_EIGHT + 24 * HOUR);
    expect(shown).toHaveLength(2);
  });

  it('stay silent when the goal is met', async () => {
    const { clock, shown } = await setup({ goal: { done: 5, target: 5 } });
    await clock.advanceTo(AT_EIGHT + HOUR);
    expect(shown).toEqual([]);
  });

  it('without a goal stay silent when something was counted today; negative control: nothing counted, it fires', async () => {
    const counted = await setup({ today: 2 });
    await counted.clock.advanceTo(AT_EIGHT + HOUR);
    expect(counted.shown).toEqual([]);
    const nothing = await setup();
    await nothing.clock.advanceTo(AT_EIGHT);
    expect(nothing.shown.map((n) => n.body)).toEqual(['Nothing counted today yet']);
  });

  it('Add moves the counter through the reminder’s door, by its step', async () => {
    const { clock, world, shown, added, press } = await setup();
    world.settings = { ...world.settings, steps: { [COFFEE_ID]: 10 } };
    await clock.advanceTo(AT_EIGHT);
    expect(shown[0]?.actions[0]?.text).toBe('Add 10');
    press('Add 10');
    expect(added).toEqual([COFFEE_ID]);
  });

  it('Snooze shows it again 15 minutes later, once', async () => {
    const { clock, shown, press } = await setup();
    await clock.advanceTo(AT_EIGHT);
    press('Snooze 15 min');
    await clock.advanceTo(AT_EIGHT + 15 * MINUTE - 1);
    expect(shown).toHaveLength(1);
    await clock.advanceTo(AT_EIGHT + 15 * MINUTE);
    expect(shown).toHaveLength(2);
    await clock.advanceTo(AT_EIGHT + 3 * HOUR);
    expect(shown).toHaveLength(2);
  });

  it('Done stops it for the day, a snooze too (the test above is its control)', async () => {
    const { clock, shown, press } = await setup();
    await clock.advanceTo(AT_EIGHT);
    press('Snooze 15 min');
    press('Done for today');
    await clock.advanceTo(AT_EIGHT + 3 * HOUR);
    expect(shown).toHaveLength(1);
  });

  it('do not fire again after a restart; negative control: without the file, the restarted app shows it again', async () => {
    const first = await setup();
    await first.clock.advanceTo(AT_EIGHT);
    expect(first.shown).toHaveLength(1);
    await first.reminders.stop();
    const restarted = await setup({ file: first.file, clock: first.clock });
    await first.clock.advanceTo(AT_EIGHT + HOUR);
    expect(restarted.shown).toEqual([]);
    const forgetful = await setup({ clock: first.clock });
    await first.clock.advance(0);
    expect(forgetful.shown).toHaveLength(1);
  });

  it('a snooze outlives a restart', async () => {
    const first = await setup();
    await first.clock.advanceTo(AT_EIGHT);
    first.press('Snooze 15 min');
    await first.reminders.stop();
    const restarted = await setup({ file: first.file, clock: first.clock });
    await first.clock.advanceTo(AT_EIGHT + 15 * MINUTE);
    expect(restarted.shown).toHaveLength(1);
  });

  it('do not fire twice on one local day across a change of zone, east or west; negative control: a fresh record fires in the new zone', async () => {
    const berlin = await setup();
    await berlin.clock.advanceTo(AT_EIGHT);
    // 14:00 in New York, still 22 November: its 20:00 is the same day's.
    berlin.world.zone = 'America/New_York';
    berlin.reminders.check();
    await berlin.clock.advanceTo(Date.UTC(2026, 10, 23, 3, 0));
    expect(berlin.shown).toHaveLength(1);

    // Fired at 08:00 on the 23rd in Tokyo (23:00 UTC on the 22nd), then Honolulu, where it is the 22nd again.
    const tokyo = await setup({ clock: new FakeClock(Date.UTC(2026, 10, 22, 22, 0)), time: '08:00', zone: 'Asia/Tokyo' });
    await tokyo.clock.advanceTo(Date.UTC(2026, 10, 22, 23, 0));
    expect(tokyo.shown).toHaveLength(1);
    tokyo.world.zone = 'Pacific/Honolulu';
    tokyo.reminders.check();
    await tokyo.clock.advanceTo(Date.UTC(2026, 10, 23, 9, 0)); // 23:00 on the 22nd in Honolulu
    expect(tokyo.shown).toHaveLength(1);

    // 22:00 on the 22nd in New York: without the record, that day's 20:00 shows again.
    const fresh = await setup({ clock: berlin.clock, zone: 'America/New_York' });
    await berlin.clock.advance(0);
    expect(fresh.shown).toHaveLength(1);
  });

  it('missed while asleep shows once on wake if its day is not over, not if it is', async () => {
    const awake = await setup();
    // Asleep from 13:00 to 21:30: timers stood still, the wall clock did not.
    awake.clock.stepWall(AT_EIGHT + 90 * MINUTE - START);
    expect(awake.shown).toEqual([]);
    awake.reminders.check();
    awake.reminders.check();
    expect(awake.shown).toHaveLength(1);

    const overnight = await setup();
    overnight.clock.stepWall(20 * HOUR); // to 09:00 on the 23rd
    overnight.reminders.check();
    expect(overnight.shown).toEqual([]);
  });

  it('respect Pause notifications and the counter’s mute (the first test is their control)', async () => {
    const paused = await setup();
    paused.world.settings = { ...paused.world.settings, notifications: { enabled: false, mutedCounters: [] } };
    await paused.clock.advanceTo(AT_EIGHT + HOUR);
    const muted = await setup();
    muted.world.settings = { ...muted.world.settings, notifications: { enabled: true, mutedCounters: [COFFEE_ID] } };
    await muted.clock.advanceTo(AT_EIGHT + HOUR);
    expect([paused.shown, muted.shown]).toEqual([[], []]);
  });

  it('wait for the listed counters and for their records read (not an earlier core’s); a reminder set for a time already past starts tomorrow', async () => {
    const reads: (() => void)[] = [];
    const early = await setup({ recordsRead: () => new Promise<void>((resolve) => reads.push(resolve)) });
    const ready = early.world.state;
    const update = (state: AppStateBody) => early.reminders.stateChanged((early.world.state = state));
    // Last-known counters while a launch connects: today's changes and the goals may not be read yet.
    update({ ...ready, core: ready.core && { ...ready.core, connection: { status: 'connecting' } } });
    await early.clock.advanceTo(AT_EIGHT + HOUR);
    update({ ...ready, extras: undefined });
    await early.clock.advance(HOUR);
    update(ready);
    await early.clock.advance(HOUR);
    expect(early.shown).toEqual([]);
    expect(reads).toHaveLength(2);
    reads[0]?.();
    await early.clock.advance(0);
    expect(early.shown).toEqual([]);
    reads[1]?.();
    await early.clock.advance(0);
    expect(early.shown).toHaveLength(1);

    const late = await setup({ clock: new FakeClock(AT_EIGHT + HOUR) });
    await late.clock.advance(0);
    expect(late.shown).toHaveLength(1); // control: already set, missed, shown at launch
    const setNow = await setup({ clock: new FakeClock(AT_EIGHT + HOUR), time: '23:00' });
    const previous = setNow.world.settings;
    setNow.world.settings = { ...previous, reminders: { [COFFEE_ID]: { time: '20:00', days: EVERY_DAY } } };
    setNow.reminders.settingsChanged(setNow.world.settings, previous);
    expect(setNow.shown).toEqual([]);
  });
});

describe('a reminder against the reference service', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it('its Add lands one increment, recorded as a reminder', async () => {
    const { app, svc } = await signedInDemo(cleanups);
    const id = DEMO_COUNTER_IDS.coffees;
    await waitForState(app, (s) => s.extras !== undefined && s.core?.counters.some((c) => c.id === id) === true);
    const clock = new FakeClock(START);
    const shown: ReminderNotice[] = [];
    const reminders = createReminders({
      clock,
      timezone: () => 'UTC',
      settings: () => ({ ...app.controller.settings(), reminders: { [id]: { time: '19:00', days: EVERY_DAY } } }),
      state: () => app.controller.getState(),
      recordsRead: () => app.controller.recordsRead(),
      file: memoryFile(),
      i18n: () => en,
      deliver: (notice) => shown.push(notice),
      add: (counterId) => void app.controller.dispatchFrom('reminder')('counter:increment', { id: counterId }),
      warn: () => undefined,
    });
    await reminders.start();
    await clock.advanceTo(AT_EIGHT);
    expect(shown.map((n) => n.title)).toEqual(['Coffees today']);
    shown[0]?.actions[0]?.run();
    await waitForState(app, (s) => s.core?.counters.find((c) => c.id === id)?.pending === false && s.activity.undo !== null);
    expect(svc.requestLog.filter((e) => e.method === 'POST').map((e) => e.path)).toEqual([`/v2/counters/${id}/increment/1`]);
    expect(svc.getCounter(id)?.value).toBe(4);
    expect(app.controller.getState().activity.undo).toMatchObject({ counterId: id, amount: 1, source: 'reminder' });
  });
});
