// The activity record under a wall clock wrong at launch (a reset CMOS clock, a restored VM, one
// ahead) or stepped in a run: nothing stored is dropped, the file stays readable, and once the
// clock is right the record reads as if it had never been wrong. Expected days by arithmetic.
import fc from 'fast-check';
import { mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActivityService } from '../../../../src-main/app/activity/activity-service';
import { ActivityRecord } from '../../../../src-main/app/activity/record';
import { RecordFile } from '../../../../src-main/app/activity/record-file';
import { createFileRecordStorage, fittedFile } from '../../../../src-main/app/activity/record-storage';
import type { ActivityEvent } from '../../../../src-shared/domain/activity';
import type { CounterState } from '../../../../src-shared/domain/snapshot';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { said } from '../../../../dev-tools/support/i18n';
import { ModelCore } from './model-core';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const YEAR = 365 * DAY; // no leap day within a year either side of November 2026
/** Monday 23 November 2026, 00:30 in Berlin: the right time in every test. */
const NOW = Date.UTC(2026, 10, 22, 23, 30);
const base = { type: 'UpDown' as const, value: 10, pending: false, refused: {} };
/** Has 200 days of history; `NEW` is clicked while the clock is wrong. */
const OLD: CounterState = { ...base, id: 'old', name: 'Coffees' };
const NEW: CounterState = { ...base, id: 'new', name: 'Push-ups' };

const own = (at: number, amount: number): ActivityEvent => ({ kind: 'own', at, amount, outcome: 'applied', sources: { popup: amount } });
/** A calendar date `days` after `day` (negative: before), by UTC arithmetic on the date alone. */
const addDate = (day: string, days: number) => new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY).toISOString().slice(0, 10);

/**
 * OLD's history: on each of the 200 days before 23 November 2026 a step of 1 to 4 at 14:00 UTC
 * (15:00 or 16:00 in Berlin, 09:00 or 10:00 in New York: that same date in both); the record
 * began on the first of them, 7 May 2026. Written as the app writes it, compacted at NOW.
 */
const BEGAN = '2026-05-07';
const HISTORY = Object.fromEntries(Array.from({ length: 200 }, (_, i) => [addDate(BEGAN, i), ((i + 1) % 4) + 1]));

async function historyFile(zone: string): Promise<string> {
  const path = join(await mkdtemp(join(tmpdir(), 'wrong-clock-')), 'activity.json');
  const record = new ActivityRecord();
  record.compact(Date.parse(`${BEGAN}T14:00:00Z`), zone);
  for (const [date, amount] of Object.entries(HISTORY)) record.append(OLD.id, own(Date.parse(`${date}T14:00:00Z`), amount), zone);
  record.compact(NOW, zone);
  await createFileRecordStorage(path).save(fittedFile(record));
  return path;
}

/** One launch of the account's record on `clock`, on the file at `path`. */
async function launch(path: string, clock: FakeClock, zone: string) {
  const notices: string[] = [];
  const service = createActivityService({ clock, timezone: () => zone, changed: () => undefined, notice: (m) => notices.push(said(m)), warn: (m) => notices.push(m) });
  const core = new ModelCore([OLD, NEW], () => clock.now());
  await service.attach(core.asCore(), createFileRecordStorage(path));
  const click = (id: string) => {
    service.click(id, 'popup', 1);
    core.increment(id);
    core.send(id);
    core.answer(id);
  };
  return { service, notices, click };
}

/** The year's days with a change, date → net, as the activity view shows them. */
function changedDays(service: Awaited<ReturnType<typeof launch>>['service'], id: string): Record<string, number> {
  const days = service.history(id, 'year', { firstDayOfWeek: 1, goal: null }).days;
  return Object.fromEntries(days.flatMap((d) => (d.recorded && d.you + d.others !== 0 ? [[d.date, d.you + d.others] as const] : [])));
}

describe('a wrong clock at launch or during a run (issue 49: compaction never drops what "now" looks far from)', () => {
  const BERLIN = 'Europe/Berlin';
  /** [what, the wall clock meanwhile, zone, whether a step made then is recorded: the record takes instants of 2000 to 2199 only]. */
  const CLOCKS: [string, number, string, boolean][] = [
    ['an hour behind', NOW - HOUR, BERLIN, true],
    ['a day behind', NOW - DAY, BERLIN, true],
    ['a week behind', NOW - 7 * DAY, BERLIN, true],
    ['a year behind', NOW - YEAR, BERLIN, true],
    ['12 years behind (a restored VM)', Date.UTC(2014, 10, 22, 23, 30), BERLIN, true],
    ['reset to 2000-01-01 00:00 UTC (a CMOS clock), still 31 December 1999 in New York', Date.UTC(2000, 0, 1), 'America/New_York', true],
    ['reset to 1970 (before the years the record takes)', 0, BERLIN, false],
    ['in year 0001', Date.parse('0001-06-01T00:00:00Z'), BERLIN, false],
    ['an hour ahead', NOW + HOUR, BERLIN, true],
    ['a day ahead', NOW + DAY, BERLIN, true],
    ['a week ahead', NOW + 7 * DAY, BERLIN, true],
    ['a year ahead', NOW + YEAR, BERLIN, true],
    ['in year 9999', Date.parse('9999-12-31T12:00:00Z'), BERLIN, false],
  ];

  it.each(CLOCKS)('%s: the stored history survives, the step made meanwhile is kept on its own date, and the file stays readable', async (_what, wrong, zone, recorded) => {
    const path = await historyFile(zone);
    const during = await launch(path, new FakeClock(wrong), zone);
    during.click(NEW.id);
    // (A clock outside the years 1000 to 9999 has no day the calendar can name, so no "today" is asked of it here.)
    if (recorded) expect(during.service.summary().today[NEW.id]).toBe(1);
    await during.service.stop();
    expect(RecordFile.safeParse(JSON.parse(await readFile(path, 'utf8'))).success).toBe(true);

    const after = await launch(path, new FakeClock(NOW + MINUTE), zone);
    expect(after.notices).toEqual([]);
    expect(changedDays(after.service, OLD.id)).toEqual(HISTORY);
    expect(after.service.history(OLD.id, 'year', { firstDayOfWeek: 1, goal: null }).firstRecorded).toBe(BEGAN);
    // Kept, and counted on its own date: today's only when that is today (an hour ahead of 00:30 in Berlin).
    expect(after.service.exportLog(NEW.id).events.map((e) => e.at)).toEqual(recorded ? [wrong] : []);
    // NOW is Monday 00:30 in Berlin (no history yet today), Sunday 18:30 in New York.
    const old = zone === BERLIN ? {} : { [OLD.id]: HISTORY['2026-11-22'] };
    expect(after.service.summary().today).toEqual(wrong === NOW + HOUR ? { ...old, [NEW.id]: 1 } : old);
    await after.service.stop();
  });

  it('control: a step two years after the history ages it out, counted back from that step (a counter keeps 400 days)', async () => {
    const path = await historyFile(BERLIN);
    const later = await launch(path, new FakeClock(NOW + 2 * YEAR), BERLIN);
    later.click(OLD.id);
    await later.service.stop();
    const file = RecordFile.parse(JSON.parse(await readFile(path, 'utf8')));
    expect(file.version === 2 && file.counters[OLD.id]?.days).toEqual({ from: '2028-11-22', you: [1] });
    expect(file.version === 2 && file.since).toBe(addDate('2028-11-22', -399));
  });
});

describe('property: compaction at clocks set back, or ahead with nothing stamped there, reads as one at the right clock', () => {
  /** Zones whose offset has not changed since 2000, so a local date is arithmetic: UTC plus the offset. */
  const FIXED: [string, number][] = [
    ['UTC', 0],
    ['Asia/Kathmandu', 5 * 60 + 45],
    ['Asia/Kolkata', 5 * 60 + 30],
    ['Pacific/Kiritimati', 14 * 60],
    ['Pacific/Pago_Pago', -11 * 60],
  ];
  const STEPS = [HOUR, DAY, 7 * DAY, YEAR];
  const WRONG = [...STEPS.map((ms) => -ms), -(12 * 365 + 3) * DAY, ...STEPS];
  const LIMITS = { days: 400, eventDays: 90 };
  const change = fc.record({ id: fc.constantFrom('a', 'b'), amount: fc.integer({ min: -3, max: 5 }) });

  it('every day total and event the right clock keeps is kept, worked out from the events by hand', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXED),
        fc.array(fc.record({ change, ago: fc.integer({ min: 0, max: 450 * DAY }) }), { maxLength: 120 }),
        fc.array(fc.record({ offset: fc.constantFrom(...WRONG), clicks: fc.array(fc.record({ change, after: fc.integer({ min: 0, max: HOUR }) }), { maxLength: 4 }) }), { minLength: 1, maxLength: 5 }),
        ([zone, offset], history, clocks) => {
          const localDay = (at: number) => new Date(at + offset * MINUTE).toISOString().slice(0, 10);
          const appended: [string, ActivityEvent][] = history.map(({ change: c, ago }) => [c.id, own(NOW - ago, c.amount)]);
          const wrong = new ActivityRecord();
          const right = new ActivityRecord();
          for (const record of [wrong, right]) {
            record.compact(NOW - 450 * DAY, zone);
            for (const [id, event] of appended) record.append(id, event, zone);
          }
          for (const clock of clocks) {
            // Steps stamped ahead are the one thing a wrong clock costs: their counter's 400 days end there (the test above).
            if (clock.offset < 0) {
              for (const { change: c, after } of clock.clicks) {
                const event = own(NOW + clock.offset + after, c.amount);
                appended.push([c.id, event]);
                wrong.append(c.id, event, zone);
                right.append(c.id, event, zone);
              }
            }
            wrong.compact(NOW + clock.offset, zone);
          }
          wrong.compact(NOW, zone);
          right.compact(NOW, zone);
          // All but `eventsFrom`: a step stamped before it (a clock set back after a compaction) leaves it later, which reads the same.
          const withoutEventsFrom = (record: ActivityRecord) => JSON.stringify(record.toFile(), (key, value: unknown) => (key === 'eventsFrom' ? undefined : value));
          expect(withoutEventsFrom(wrong)).toEqual(withoutEventsFrom(right));
          for (const id of ['a', 'b']) expect(wrong.exportLog(id, zone)).toEqual(right.exportLog(id, zone));
          for (const id of ['a', 'b']) {
            const events = appended.filter(([eid]) => eid === id).map(([, e]) => e);
            const sums = new Map<string, number>();
            for (const e of events) if (e.kind === 'own' && e.amount !== 0) sums.set(localDay(e.at), (sums.get(localDay(e.at)) ?? 0) + e.amount);
            const days = [...sums].filter(([, n]) => n !== 0).sort(([x], [y]) => (x < y ? -1 : 1));
            // The counter's newest change: its last event, or the start (UTC) of its last day with a total; never later than now.
            const lastDay = days.at(-1)?.[0];
            const newest = Math.max(...events.map((e) => e.at), lastDay === undefined ? 0 : Date.parse(`${lastDay}T00:00:00Z`));
            const reference = Math.min(NOW, newest);
            const oldest = addDate(localDay(reference), -(LIMITS.days - 1));
            const keptDays = days.filter(([day]) => day >= oldest).map(([day, you]) => [day, { you, others: 0 }]);
            expect([...(wrong.logOf(id)?.days ?? [])]).toEqual(keptDays);
            const keptEvents = events.filter((e) => e.at >= reference - LIMITS.eventDays * DAY).map((e) => e.at);
            expect(wrong.logOf(id)?.events.map((e) => e.at) ?? []).toEqual(keptEvents.sort((x, y) => x - y));
          }
        },
      ),
      { seed: 49, numRuns: 150 },
    );
  });
});
