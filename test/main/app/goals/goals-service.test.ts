// Goals and milestones on a fake clock: a goal is announced once per period and a
// milestone once on its local morning, across restarts (the same file, a new service) and
// changes of time zone; the file is checked on every load. Progress is the activity
// record's: events are appended to a real ActivityRecord.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { dayKey } from '../../../../src-main/app/activity/days';
import { ActivityRecord } from '../../../../src-main/app/activity/record';
import { createFileGoalsStorage, createMemoryGoalsStorage, type GoalsStorage } from '../../../../src-main/app/goals/goals-file';
import { createGoalsService, type Announcement } from '../../../../src-main/app/goals/goals-service';
import { createTextFile } from '../../../../src-main/app/storage/text-file';
import type { Goal } from '../../../../src-shared/domain/goals';
import type { CounterState } from '../../../../src-shared/domain/snapshot';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { said } from '../../../../dev-tools/support/i18n';

const COFFEES = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
const SINCE = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b13';
const TRIP = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b14';
const base = { pending: false, refused: {} };
const COUNTERS: CounterState[] = [
  { ...base, id: COFFEES, name: 'Coffees today', type: 'UpDown', value: 3 },
  { ...base, id: SINCE, name: 'Since we moved in', type: 'FromDate', value: 0, startDate: '2024-02-29' },
  { ...base, id: TRIP, name: 'Until the trip', type: 'ToDate', value: 0, endDate: '2027-03-01' },
];
const DAILY_3: Goal = { target: 3, period: 'day', count: 'all' };

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});
const tempDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'counter-tray-goals-'));
  dirs.push(dir);
  return dir;
};

/** One run of the app's goals: a service on a shared clock, record and file (a new world on the same file is a restart). */
function run(clock: FakeClock, options: { zone: { current: string }; record: ActivityRecord; storage: GoalsStorage; counters?: CounterState[] }) {
  const announced: Announcement[] = [];
  const notices: string[] = [];
  const service = createGoalsService({
    clock,
    timezone: () => options.zone.current,
    counters: () => options.counters ?? COUNTERS,
    activity: {
      steps: (id, from) => options.record.stepsBetween(id, from, dayKey(clock.now(), options.zone.current), options.zone.current),
      version: () => String(options.record.version),
    },
    changed: () => undefined,
    notice: (m) => notices.push(said(m)),
    warn: (m) => notices.push(`warn: ${m}`),
    announce: (a) => announced.push(a),
  });
  return { service, announced, notices };
}

function step(record: ActivityRecord, clock: FakeClock, zone: string, kind: 'own' | 'others' = 'own', amount = 1) {
  const at = clock.now();
  if (kind === 'own') record.append(COFFEES, { kind: 'own', at, amount, outcome: 'applied', sources: { popup: amount } }, zone);
  else record.append(COFFEES, { kind: 'others', at, from: 0, to: amount }, zone);
}

const goals = (announced: Announcement[]) => announced.filter((a) => a.kind === 'goalReached');
const milestones = (announced: Announcement[]) => announced.filter((a) => a.kind === 'milestone');

describe('goals', () => {
  it('announce once when a day goal is reached, and once again the next day', async () => {
    const clock = new FakeClock(Date.parse('2026-11-23T07:00:00Z'));
    const zone = { current: 'Europe/Berlin' };
    const record = new ActivityRecord();
    const { service, announced } = run(clock, { zone, record, storage: createMemoryGoalsStorage() });
    await service.attach(createMemoryGoalsStorage());
    await service.setGoal(COFFEES, DAILY_3);
    for (let i = 0; i < 5; i += 1) {
      step(record, clock, zone.current, i % 2 === 0 ? 'own' : 'others');
      await service.recheck();
      await clock.advance(60_000);
    }
    expect(goals(announced)).toEqual([{ kind: 'goalReached', counterId: COFFEES, name: 'Coffees today', goal: DAILY_3, done: 3 }]);
    expect(service.view().goals[COFFEES]).toEqual({ ...DAILY_3, done: 5 });
    await clock.advanceTo(Date.parse('2026-11-23T23:00:00Z')); // midnight in Berlin
    expect(service.view().goals[COFFEES]?.done).toBe(0);
    for (let i = 0; i < 3; i += 1) {
      step(record, clock, zone.current);
      await service.recheck();
    }
    expect(goals(announced).map((a) => a.kind === 'goalReached' && a.done)).toEqual([3, 3]);
    await service.stop();
  });

  it('count yours, others’ or both, and never a reset (an edit is no step)', async () => {
    const clock = new FakeClock(Date.parse('2026-11-23T07:00:00Z'));
    const zone = { current: 'UTC' };
    const record = new ActivityRecord();
    const { service } = run(clock, { zone, record, storage: createMemoryGoalsStorage() });
    await service.attach(createMemoryGoalsStorage());
    step(record, clock, 'UTC', 'own', 2);
    step(record, clock, 'UTC', 'others', 5);
    record.append(COFFEES, { kind: 'edit', at: clock.now(), by: 'you', fields: ['value'], from: 10, to: 0 }, 'UTC');
    for (const [count, done] of [['mine', 2], ['others', 5], ['all', 7]] as const) {
      await service.setGoal(COFFEES, { target: 10, period: 'week', count });
      expect(service.view().goals[COFFEES]?.done).toBe(done);
    }
    await expect(service.setGoal(SINCE, DAILY_3)).rejects.toMatchObject({ code: 'invalid-payload' });
    await service.stop();
  });

  it('is announced once across a restart (the same file); negative control: without the file it is announced again', async () => {
    const dir = tempDir();
    const clock = new FakeClock(Date.parse('2026-11-23T07:00:00Z'));
    const zone = { current: 'Europe/Berlin' };
    const record = new ActivityRecord();
    const file = () => createFileGoalsStorage(createTextFile(join(dir, 'goals.json')));
    const first = run(clock, { zone, record, storage: file() });
    await first.service.attach(file());
    await first.service.setGoal(COFFEES, DAILY_3);
    for (let i = 0; i < 3; i += 1) step(record, clock, zone.current);
    await first.service.recheck();
    expect(goals(first.announced)).toHaveLength(1);
    await first.service.stop();

    await clock.advance(3_600_000);
    const second = run(clock, { zone, record, storage: file() });
    await second.service.attach(file());
    step(record, clock, zone.current);
    await second.service.recheck();
    expect(goals(second.announced)).toEqual([]);
    expect(second.service.view().goals[COFFEES]).toEqual({ ...DAILY_3, done: 4 });
    await second.service.stop();

    // The weakened variant: the same run, but the goal's "announced" mark was not kept.
    const forgetful = run(clock, { zone, record, storage: createMemoryGoalsStorage() });
    await forgetful.service.attach(createMemoryGoalsStorage());
    await forgetful.service.setGoal(COFFEES, { ...DAILY_3, target: 99 });
    await forgetful.service.setGoal(COFFEES, DAILY_3); // reached already when set: not news
    expect(goals(forgetful.announced)).toEqual([]);
    const unmarked = structuredClone((await file().load()).value);
    unmarked.announced.goals = {};
    const withoutMark: GoalsStorage = { load: async () => ({ value: structuredClone(unmarked) }), save: async () => undefined };
    const third = run(clock, { zone, record, storage: withoutMark });
    await third.service.attach(withoutMark);
    expect(goals(third.announced)).toHaveLength(1);
    await forgetful.service.stop();
    await third.service.stop();
  });

  it('is announced once across changes of time zone, even where the same steps fall on another day', async () => {
    const clock = new FakeClock(Date.parse('2026-11-23T21:00:00Z')); // 22:00 in Berlin, Monday
    const zone = { current: 'Europe/Berlin' };
    const record = new ActivityRecord();
    const { service, announced } = run(clock, { zone, record, storage: createMemoryGoalsStorage() });
    await service.attach(createMemoryGoalsStorage());
    await service.setGoal(COFFEES, DAILY_3);
    for (let i = 0; i < 3; i += 1) step(record, clock, zone.current);
    await service.recheck();
    expect(goals(announced)).toHaveLength(1);
    // West: still Monday, the same period. East, past the date line: Tuesday noon, and the
    // three steps fall on Tuesday there; the period holds the announcement, so not again.
    for (const next of ['America/New_York', 'Pacific/Kiritimati', 'Asia/Tokyo', 'Europe/Berlin']) {
      zone.current = next;
      await service.recheck();
      expect(service.view().goals[COFFEES]?.done, next).toBe(3);
    }
    expect(goals(announced)).toHaveLength(1);
    // Berlin's Tuesday is a new period: three new steps are announced once.
    await clock.advanceTo(Date.parse('2026-11-24T08:00:00Z'));
    for (let i = 0; i < 3; i += 1) step(record, clock, zone.current);
    await service.recheck();
    expect(goals(announced)).toHaveLength(2);
    await service.stop();
  });

  it('a day goal on the 23-hour day (DST starts) covers its first and last hour, and the next day starts afresh', async () => {
    const clock = new FakeClock(Date.parse('2026-03-28T23:10:00Z')); // 00:10 CET, Sunday 29 March
    const zone = { current: 'Europe/Berlin' };
    const record = new ActivityRecord();
    const { service, announced } = run(clock, { zone, record, storage: createMemoryGoalsStorage() });
    await service.attach(createMemoryGoalsStorage());
    await service.setGoal(COFFEES, DAILY_3);
    step(record, clock, zone.current);
    await clock.advanceTo(Date.parse('2026-03-29T21:50:00Z')); // 23:50 CEST, the same day
    step(record, clock, zone.current);
    step(record, clock, zone.current);
    await service.recheck();
    expect(goals(announced)).toHaveLength(1);
    await clock.advanceTo(Date.parse('2026-03-29T22:00:00Z')); // Monday 00:00 CEST
    expect(service.view().goals[COFFEES]?.done).toBe(0);
    await service.stop();
  });
});

describe('milestones', () => {
  // 2027-02-28 is the third anniversary of 2024-02-29 and one day before the trip: two milestones that morning.
  const EVE = Date.parse('2027-02-27T20:00:00Z');
  const MORNING_BERLIN = Date.parse('2027-02-28T08:00:00Z'); // 09:00 CET

  it('are announced at the local morning of their day, once each', async () => {
    const clock = new FakeClock(EVE);
    const zone = { current: 'Europe/Berlin' };
    const { service, announced } = run(clock, { zone, record: new ActivityRecord(), storage: createMemoryGoalsStorage() });
    await service.attach(createMemoryGoalsStorage());
    await clock.advanceTo(MORNING_BERLIN - 1000);
    expect(milestones(announced)).toEqual([]);
    await clock.advanceTo(MORNING_BERLIN);
    expect(milestones(announced)).toEqual([
      { kind: 'milestone', counterId: SINCE, name: 'Since we moved in', type: 'FromDate', milestone: { date: '2027-02-28', kind: 'years', count: 3 } },
      { kind: 'milestone', counterId: TRIP, name: 'Until the trip', type: 'ToDate', milestone: { date: '2027-02-28', kind: 'left', count: 1 } },
    ]);
    await service.recheck();
    await clock.advance(3 * 3_600_000);
    expect(milestones(announced)).toHaveLength(2);
    expect(service.view().today).toBe('2027-02-28');
    await service.stop();
  });

  it('are announced once across a restart and across changes of zone that bring the same day round again', async () => {
    const dir = tempDir();
    const clock = new FakeClock(MORNING_BERLIN + 60_000);
    const zone = { current: 'Europe/Berlin' };
    const file = () => createFileGoalsStorage(createTextFile(join(dir, 'goals.json')));
    const first = run(clock, { zone, record: new ActivityRecord(), storage: file() });
    await first.service.attach(file());
    expect(milestones(first.announced)).toHaveLength(2);
    await first.service.stop();

    const second = run(clock, { zone, record: new ActivityRecord(), storage: file() });
    await second.service.attach(file());
    // New York: still the night before, then its own 28 February morning comes; Tokyo: the 28th is ending.
    for (const [next, at] of [['America/New_York', Date.parse('2027-02-28T14:00:00Z')], ['Asia/Tokyo', Date.parse('2027-02-28T14:30:00Z')], ['Europe/Berlin', Date.parse('2027-02-28T15:00:00Z')]] as const) {
      zone.current = next;
      await clock.advanceTo(at);
      await second.service.recheck();
    }
    expect(milestones(second.announced)).toEqual([]);
    await second.service.stop();
  });

  it('stay silent for a muted counter, and a start again brings new ones', async () => {
    const clock = new FakeClock(EVE);
    const zone = { current: 'Europe/Berlin' };
    const counters = structuredClone(COUNTERS);
    const { service, announced } = run(clock, { zone, record: new ActivityRecord(), storage: createMemoryGoalsStorage(), counters });
    await service.attach(createMemoryGoalsStorage());
    await service.muteMilestones(SINCE, true);
    await clock.advanceTo(MORNING_BERLIN);
    expect(milestones(announced).map((a) => a.counterId)).toEqual([TRIP]);
    expect(service.view().milestonesMuted).toEqual([SINCE]);
    await service.muteMilestones(SINCE, false);
    expect(milestones(announced).map((a) => a.counterId)).toEqual([TRIP, SINCE]); // unmuted on its day: told then
    // Started again 7 days ago: its 7-day milestone is today. A changed counter is a new object, as the core's table makes it.
    counters[1] = { ...(counters[1] as CounterState), startDate: '2027-02-21' };
    await service.recheck();
    expect(milestones(announced).at(-1)).toMatchObject({ counterId: SINCE, milestone: { kind: 'days', count: 7 } });
    await expect(service.muteMilestones(COFFEES, true)).rejects.toMatchObject({ code: 'invalid-payload' });
    await service.stop();
  });

  it('hold at the ends of the API’s years: 0001-01-01 has its 2026th anniversary on 2027-01-01; 9999-12-25 and 9999-12-31 none that day', async () => {
    const clock = new FakeClock(Date.parse('2026-12-31T20:00:00Z'));
    const zone = { current: 'Europe/Berlin' };
    const counters: CounterState[] = [
      { ...base, id: SINCE, name: 'Since year one', type: 'FromDate', value: 0, startDate: '0001-01-01' },
      { ...base, id: COFFEES, name: 'Since the last week of 9999', type: 'FromDate', value: 0, startDate: '9999-12-25' },
      { ...base, id: TRIP, name: 'Until the last day of 9999', type: 'ToDate', value: 0, endDate: '9999-12-31' },
    ];
    const { service, announced } = run(clock, { zone, record: new ActivityRecord(), storage: createMemoryGoalsStorage(), counters });
    await service.attach(createMemoryGoalsStorage());
    await clock.advanceTo(Date.parse('2027-01-01T08:00:00Z'));
    expect(milestones(announced)).toEqual([{ kind: 'milestone', counterId: SINCE, name: 'Since year one', type: 'FromDate', milestone: { date: '2027-01-01', kind: 'years', count: 2026 } }]);
    await service.stop();
  });
});

describe('the goals file', () => {
  it.each([
    ['not JSON', '{"format":'],
    ['a foreign file', JSON.stringify({ hello: 'world' })],
    ['a goal of 0', JSON.stringify({ format: 'counter-tray-goals', version: 1, goals: { [COFFEES]: { target: 0, period: 'day', count: 'all' } }, milestonesMuted: [], announced: { goals: {}, milestones: {} } })],
    ['an unknown period', JSON.stringify({ format: 'counter-tray-goals', version: 1, goals: { [COFFEES]: { target: 3, period: 'fortnight', count: 'all' } }, milestonesMuted: [], announced: { goals: {}, milestones: {} } })],
    ['a counter id that is no id', JSON.stringify({ format: 'counter-tray-goals', version: 1, goals: { '../x': { target: 3, period: 'day', count: 'all' } }, milestonesMuted: [], announced: { goals: {}, milestones: {} } })],
    ['an announcement past the last instant a Date holds', JSON.stringify({ format: 'counter-tray-goals', version: 1, goals: { [COFFEES]: DAILY_3 }, milestonesMuted: [], announced: { goals: { [COFFEES]: { day: 8.64e15 + 1 } }, milestones: {} } })],
  ])('%s: is backed up, reset, and the user told once', async (_what, text) => {
    const dir = tempDir();
    const path = join(dir, 'goals.json');
    writeFileSync(path, text);
    const clock = new FakeClock(Date.parse('2026-11-23T07:00:00Z'));
    const storage = createFileGoalsStorage(createTextFile(path));
    const { service, notices } = run(clock, { zone: { current: 'UTC' }, record: new ActivityRecord(), storage });
    await service.attach(storage);
    expect(notices).toEqual([expect.stringMatching(/^Your goals and milestone settings could not be read and were reset\. A backup is at .*goals\.json\.corrupt-.*\.bak\.$/)]);
    const backup = readdirSync(dir).find((name) => name.includes('.corrupt-'));
    expect(backup && readFileSync(join(dir, backup), 'utf8')).toBe(text);
    await service.stop();
    expect(JSON.parse(readFileSync(path, 'utf8'))).toMatchObject({ format: 'counter-tray-goals', goals: {} });
    expect(service.view().goals).toEqual({});
  });
});
