// Goals on the app's wiring (account-records.ts), the wall clock stepped an hour, a day, a week or a
// year: a step counts on its own date, so progress agrees with the day's total and the history; a
// "goal reached" stamped ahead silences only its own period. Expected days worked out by hand.
import { describe, expect, it } from 'vitest';
import { createAccountRecords } from '../../../../src-main/app/account/account-records';
import { createMemoryRecordStorage } from '../../../../src-main/app/activity/record-storage';
import { createMemoryGoalsStorage } from '../../../../src-main/app/goals/goals-file';
import type { Announcement } from '../../../../src-main/app/goals/goals-service';
import type { GoalPeriod } from '../../../../src-shared/domain/goals';
import type { CounterState } from '../../../../src-shared/domain/snapshot';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { ModelCore, modelAccountDeps } from '../activity/model-core';

const ZONE = 'Europe/Berlin'; // UTC+1 all November
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
const COFFEES: CounterState = { id: ID, name: 'Coffees', type: 'UpDown', value: 0, pending: false, refused: {} };
const PERIODS: GoalPeriod[] = ['day', 'week', 'month'];
/** No leap day lies within a year either side of November 2026: a year is 365 days. */
const STEPS = [
  ['an hour', HOUR],
  ['a day', DAY],
  ['a week', 7 * DAY],
  ['a year', 365 * DAY],
] as const;
type Step = (typeof STEPS)[number][0];

/** The account's record and goals on one clock, as account-records.ts wires them. */
async function account(start: number) {
  const clock = new FakeClock(start);
  const core = new ModelCore([COFFEES], () => clock.now());
  const announced: Announcement[] = [];
  const records = createAccountRecords(modelAccountDeps(clock, core, { timezone: () => ZONE, announce: (a) => announced.push(a) }));
  await records.activity.attach(core.asCore(), createMemoryRecordStorage());
  await records.goals.attach(createMemoryGoalsStorage());
  return {
    clock,
    records,
    announced,
    /** `n` own steps, each sent and applied at the wall clock's time; then the goals are checked, as a change of the record makes the app do. */
    async step(n: number) {
      for (let i = 0; i < n; i += 1) {
        records.activity.click(ID, 'popup', 1);
        core.increment(ID);
        core.send(ID);
        core.answer(ID);
      }
      await records.goals.recheck();
    },
    async done(period: GoalPeriod): Promise<number | undefined> {
      await records.goals.setGoal(ID, { target: 100, period, count: 'all' });
      return records.goals.view().goals[ID]?.done;
    },
    /** The history's days (two weeks to today) with a change: date → net. */
    changedDays(): Record<string, number> {
      const days = records.history(ID, 'twoWeeks', 1).days.flatMap((d) => (d.recorded && d.you + d.others !== 0 ? [[d.date, d.you + d.others] as const] : []));
      return Object.fromEntries(days);
    },
    recordedDays: () => records.history(ID, 'twoWeeks', 1).days.flatMap((d) => (d.recorded ? [d.date] : [])),
  };
}

/** Each period's progress, a goal of that period set in turn. */
async function progress(a: Awaited<ReturnType<typeof account>>): Promise<Record<string, number | undefined>> {
  const done: Record<string, number | undefined> = {};
  for (const period of PERIODS) done[period] = await a.done(period);
  return done;
}

describe('a wall clock set back (issue 49: a goal counts only steps on or before today)', () => {
  /** Monday 23 November 2026, 00:30 in Berlin: an hour or a day back is Sunday 22, a week back Monday 16, a year back Sunday 23 November 2025. */
  const MONDAY = Date.UTC(2026, 10, 22, 23, 30);
  /** Once the clock is right again: Monday's 2 steps, and the one made meanwhile on its own date (Sunday 22 or Monday 16: last ISO week, this month; 2025: neither). */
  const RIGHT_AGAIN: Record<Step, { progress: Record<GoalPeriod, number>; days: Record<string, number> }> = {
    'an hour': { progress: { day: 2, week: 2, month: 3 }, days: { '2026-11-22': 1, '2026-11-23': 2 } },
    'a day': { progress: { day: 2, week: 2, month: 3 }, days: { '2026-11-22': 1, '2026-11-23': 2 } },
    'a week': { progress: { day: 2, week: 2, month: 3 }, days: { '2026-11-16': 1, '2026-11-23': 2 } },
    'a year': { progress: { day: 2, week: 2, month: 2 }, days: { '2026-11-23': 2 } },
  };

  it.each(STEPS)('back by %s: steps stamped on a later day are not today’s (not in goals, the day’s total or the history) until their day comes', async (name, ms) => {
    const a = await account(MONDAY);
    await a.step(2);
    expect(await progress(a)).toEqual({ day: 2, week: 2, month: 2 });

    a.clock.stepWall(-ms);
    // Monday's steps are in the future now: every period in force ends before them.
    expect(await progress(a)).toEqual({ day: 0, week: 0, month: 0 });
    expect(a.records.activity.summary().today).toEqual({});
    expect(a.changedDays()).toEqual({});

    await a.clock.advance(MINUTE);
    await a.step(1);
    expect(await progress(a)).toEqual({ day: 1, week: 1, month: 1 });
    expect(a.records.activity.summary().today).toEqual({ [ID]: 1 });
    expect(Object.values(a.changedDays())).toEqual([1]);

    a.clock.stepWall(ms);
    expect(await progress(a)).toEqual(RIGHT_AGAIN[name].progress);
    expect(a.records.activity.summary().today).toEqual({ [ID]: 2 });
    expect(a.changedDays()).toEqual(RIGHT_AGAIN[name].days);
    // The record began on Monday 23: an earlier day is recorded only where it holds the step, none is invented around it.
    expect(a.recordedDays()).toEqual(Object.keys(RIGHT_AGAIN[name].days));
    await a.records.stop();
  });
});

describe('a "goal reached" announced while the clock was ahead (issue 49: it never silences a real period)', () => {
  /** Sunday 22 November 2026, 23:30 in Berlin: an hour ahead is Monday 23, a day ahead Monday 23, a week ahead Sunday 29 (all November), a year ahead Monday 22 November 2027. */
  const SUNDAY_NIGHT = Date.UTC(2026, 10, 22, 22, 30);
  /**
   * Whether the period in force once the clock is right (Sunday 22; the ISO week from Monday 16;
   * November 2026) is announced when reached: every day and week goal is (the early announcement
   * fell in a later one); a month goal only after a year ahead, since an hour, a day or a week
   * ahead it was announced in November, as it would have been with a right clock.
   */
  const AGAIN: Record<GoalPeriod, Record<Step, boolean>> = {
    day: { 'an hour': true, 'a day': true, 'a week': true, 'a year': true },
    week: { 'an hour': true, 'a day': true, 'a week': true, 'a year': true },
    month: { 'an hour': false, 'a day': false, 'a week': false, 'a year': true },
  };
  const cases = PERIODS.flatMap((period) => STEPS.map(([name, ms]) => [period, name, ms] as const));

  it.each(cases)('a %s goal, the clock %s ahead: the real period is announced when reached', async (period, name, ms) => {
    const a = await account(SUNDAY_NIGHT);
    await a.records.goals.setGoal(ID, { target: 2, period, count: 'all' });
    a.clock.stepWall(ms);
    await a.step(2);
    expect(a.announced).toHaveLength(1);

    a.clock.stepWall(-ms);
    await a.clock.advance(5 * MINUTE);
    await a.step(2);
    expect(a.announced).toHaveLength(AGAIN[period][name] ? 2 : 1);
    await a.records.stop();
  });

  it.each(STEPS.slice(2))('a day goal, the clock %s ahead: each following real day before the stamped one is announced too', async (_name, ms) => {
    const a = await account(SUNDAY_NIGHT);
    await a.records.goals.setGoal(ID, { target: 2, period: 'day', count: 'all' });
    a.clock.stepWall(ms);
    await a.step(2);
    a.clock.stepWall(-ms);
    for (let day = 1; day <= 3; day += 1) {
      await a.clock.advanceTo(SUNDAY_NIGHT + day * DAY);
      await a.step(2);
      expect(a.announced).toHaveLength(1 + day);
    }
    await a.records.stop();
  });
});
