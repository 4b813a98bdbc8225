// The activity record's arithmetic: day totals, bounds and compaction, the value line,
// and a restart through the file format. Times are plain numbers; the zone is fixed.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ActivityEvent } from '../../../../src-shared/domain/activity';
import { dayKey } from '../../../../src-main/app/activity/days';
import { ActivityRecord } from '../../../../src-main/app/activity/record';
import { RecordFile } from '../../../../src-main/app/activity/record-file';
import { contribution } from '../../../../src-main/app/activity/record';
import { addDays } from '../../../../src-shared/time/calendar';

const ZONE = 'Europe/Berlin';
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 10, 23, 10, 0, 0); // 11:00 in Berlin
const ID = 'coffee';

const own = (at: number, amount: number, source: 'popup' | 'shortcut' = 'popup'): ActivityEvent => ({ kind: 'own', at, amount, outcome: 'applied', sources: { [source]: amount } });
const others = (at: number, from: number, to: number): ActivityEvent => ({ kind: 'others', at, from, to });

describe('activity record', () => {
  it('around the day Pacific/Apia skipped (30 December 2011), today is the 29th up to the jump and the 31st from it', () => {
    const apia = 'Pacific/Apia';
    const jump = Date.parse('2011-12-30T10:00:00Z'); // 24:00 −10:00 on the 29th became 00:00 +14:00 on the 31st
    const record = new ActivityRecord();
    record.append(ID, own(jump - 60_000, 2), apia);
    record.append(ID, own(jump + 60_000, 3), apia);
    expect([record.today(jump - 1, apia), record.today(jump, apia)]).toEqual([{ [ID]: 2 }, { [ID]: 3 }]);
    expect(Object.fromEntries(record.totalsBetween(ID, '2011-12-29', '2011-12-31', apia))).toEqual({ '2011-12-29': { you: 2, others: 0 }, '2011-12-31': { you: 3, others: 0 } });
  });

  it("splits today's change into yours and others', and works the value line back from the current value", () => {
    const record = new ActivityRecord();
    record.append(ID, own(NOW - 2 * DAY, 2), ZONE);
    record.append(ID, others(NOW - DAY, 10, 13), ZONE);
    record.append(ID, own(NOW - 60_000, 3, 'shortcut'), ZONE);
    record.append(ID, others(NOW - 30_000, 16, 17), ZONE);
    record.append(ID, { kind: 'own', at: NOW, amount: 5, outcome: 'unconfirmed', sources: { popup: 5 } }, ZONE);

    expect(record.today(NOW, ZONE)).toEqual({ [ID]: 4 });
    const detail = record.detail(ID, 17, NOW, ZONE);
    expect(detail.today).toEqual({ you: 3, others: 1 });
    expect(detail.days).toHaveLength(14);
    expect(detail.days.at(-1)).toEqual({ date: dayKey(NOW, ZONE), you: 3, others: 1, value: 17 });
    expect(detail.days.at(-2)).toMatchObject({ you: 0, others: 3, value: 13 });
    expect(detail.days.at(-3)).toMatchObject({ you: 2, others: 0, value: 10 });
    expect(detail.days.at(-4)).toMatchObject({ value: 8 });
    // Newest first; the unconfirmed change is listed but not counted.
    expect(detail.events[0]).toMatchObject({ kind: 'own', outcome: 'unconfirmed' });
    expect(detail.events).toHaveLength(5);
  });

  it('counts a value edit as a change and a rename as none', () => {
    expect(contribution({ kind: 'edit', at: 0, by: 'you', fields: ['value'], from: 10, to: 0 })).toEqual({ you: -10, others: 0 });
    expect(contribution({ kind: 'edit', at: 0, by: 'you', fields: ['name'], from: 5, to: 5 })).toEqual({ you: 0, others: 0 });
  });

  it('keeps at most the cap of events per counter; the dropped ones stay in the day totals', () => {
    const record = new ActivityRecord({ days: 90, eventDays: 90, eventsPerCounter: 100 });
    for (let i = 0; i < 1000; i += 1) record.append(ID, own(NOW - 1000 + i, 1), ZONE);
    expect(record.eventCount(ID)).toBeLessThanOrEqual(125);
    record.compact(NOW, ZONE);
    expect(record.eventCount(ID)).toBe(100);
    expect(record.today(NOW, ZONE)[ID]).toBe(1000);
  });

  it('drops days and events older than the limit, counted back from the counter’s own newest change (never from now alone)', () => {
    const record = new ActivityRecord({ days: 90, eventDays: 90, eventsPerCounter: 300 });
    record.append(ID, own(NOW - 91 * DAY, 5), ZONE);
    record.append(ID, own(NOW - 89 * DAY, 7), ZONE);
    record.append(ID, own(NOW, 1), ZONE);
    // Idle for 200 days: its own newest change is 200 days old, so its 91-day-old neighbour is too old, that change is not.
    record.append('idle', own(NOW - 291 * DAY, 2), ZONE);
    record.append('idle', own(NOW - 200 * DAY, 1), ZONE);
    expect(record.compact(NOW, ZONE)).toBe(true);
    expect(record.eventCount(ID)).toBe(2);
    expect([...(record.logOf(ID)?.days.keys() ?? [])]).toEqual([dayKey(NOW - 89 * DAY, ZONE), dayKey(NOW, ZONE)]);
    expect(record.eventCount('idle')).toBe(1);
    expect([...(record.logOf('idle')?.days.keys() ?? [])]).toEqual([dayKey(NOW - 200 * DAY, ZONE)]);
  });

  it('a day whose changes cancel out keeps no total, as a quiet day (found by the property below)', () => {
    const record = new ActivityRecord();
    record.append(ID, { kind: 'others', at: NOW - DAY, from: 15, to: 61 }, ZONE);
    record.append(ID, { kind: 'others', at: NOW - DAY, from: 86, to: 40 }, ZONE);
    expect([...(record.logOf(ID)?.days ?? [])]).toEqual([]);
    expect(record.eventCount(ID)).toBe(2);
  });

  it('survives a restart through its file format', () => {
    const record = new ActivityRecord();
    record.append(ID, own(NOW - DAY, 2), ZONE);
    record.append(ID, { kind: 'away', at: NOW - 10, from: 2, to: 9 }, ZONE);
    record.append(ID, { kind: 'edit', at: NOW, by: 'you', fields: ['name'] }, ZONE);
    const text = JSON.stringify(record.toFile());
    const again = ActivityRecord.fromFile(RecordFile.parse(JSON.parse(text)));
    expect(again.detail(ID, 9, NOW, ZONE)).toEqual(record.detail(ID, 9, NOW, ZONE));
    expect(again.today(NOW, ZONE)).toEqual({ [ID]: 7 });
  });

  const event = fc.oneof(
    fc.record({ kind: fc.constant('own' as const), at: fc.integer({ min: NOW - 120 * DAY, max: NOW }), amount: fc.integer({ min: -5, max: 5 }), outcome: fc.constantFrom('applied' as const, 'unconfirmed' as const, 'refused' as const), sources: fc.constant({}) }),
    fc.record({ kind: fc.constantFrom('others' as const, 'away' as const), at: fc.integer({ min: NOW - 120 * DAY, max: NOW }), from: fc.integer({ min: 0, max: 100 }), to: fc.integer({ min: 0, max: 100 }) }),
  );

  it('property: compaction never changes a kept day, bounds hold, and a restart changes nothing', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b'), event), { maxLength: 300 }), fc.integer({ min: 5, max: 40 }), (appends, cap) => {
        const record = new ActivityRecord({ days: 90, eventDays: 90, eventsPerCounter: cap });
        for (const [id, e] of appends) record.append(id, e, ZONE);
        const before = { a: [...(record.logOf('a')?.events ?? [])], b: [...(record.logOf('b')?.events ?? [])] };
        record.compact(NOW, ZONE);
        for (const id of ['a', 'b']) {
          // Counted back from the counter's newest change: its last event, or the start (UTC) of its last day with a total.
          const mine = appends.filter(([eid]) => eid === id).map(([, e]) => e);
          // Expected totals straight from the events, for the days the limit keeps.
          const expected = new Map<string, { you: number; others: number }>();
          for (const [eid, e] of appends) {
            if (eid !== id) continue;
            const add = contribution(e);
            if (add.you === 0 && add.others === 0) continue;
            const key = dayKey(e.at, ZONE);
            const day = expected.get(key) ?? { you: 0, others: 0 };
            expected.set(key, { you: day.you + add.you, others: day.others + add.others });
          }
          // A day whose changes cancel out (+46 and −46 by others) keeps no total, as a quiet day.
          const changed = [...expected].filter(([, day]) => day.you !== 0 || day.others !== 0);
          const lastDay = changed.map(([key]) => key).sort().at(-1);
          const newest = Math.max(0, ...mine.map((e) => e.at), lastDay === undefined ? 0 : Date.parse(`${lastDay}T00:00:00Z`));
          const reference = Math.min(NOW, newest);
          const oldest = addDays(dayKey(reference, ZONE), -89);
          const kept = Object.fromEntries(changed.filter(([key]) => key >= oldest));
          expect(Object.fromEntries(record.logOf(id)?.days ?? [])).toEqual(kept);
          const events = record.logOf(id)?.events ?? [];
          expect(events.length).toBeLessThanOrEqual(cap);
          expect(events.every((e) => e.at >= reference - 90 * DAY)).toBe(true);
          // Kept events are the newest ones, in time order.
          expect(events).toEqual([...events].sort((x, y) => x.at - y.at));
          const all = before[id as 'a' | 'b'];
          expect(all.slice(all.length - events.length)).toEqual(events);
        }
        const after = record.toFile();
        const again = ActivityRecord.fromFile(RecordFile.parse(JSON.parse(JSON.stringify(after))), { days: 90, eventDays: 90, eventsPerCounter: cap });
        expect(again.toFile()).toEqual(after);
      }),
      { numRuns: 200 },
    );
  });
});

describe('the zone changes after the events (issue 24 point 4)', () => {
  // 20:00 UTC on 1 June: in Pacific/Kiritimati (UTC+14) already 10:00 on 2 June.
  const at = Date.UTC(2027, 5, 1, 20, 0);
  const own = (t: number): ActivityEvent => ({ kind: 'own', at: t, amount: 1, outcome: 'applied', sources: { popup: 1 } });

  it('counts today in the zone asked for, from the events, not the zone they were stored in', () => {
    const record = new ActivityRecord();
    for (let i = 0; i < 3; i += 1) record.append('c', own(at + i * 1000), 'UTC');
    const now = at + 60_000;
    expect(record.today(now, 'UTC')).toEqual({ c: 3 });
    expect(record.today(now, 'Pacific/Kiritimati')).toEqual({ c: 3 });
    const detail = record.detail('c', 6, now, 'Pacific/Kiritimati');
    expect(detail.today).toEqual({ you: 3, others: 0 });
    expect(detail.days.at(-1)).toMatchObject({ date: '2027-06-02', you: 3, value: 6 });
    expect(detail.days.at(-2)).toMatchObject({ date: '2027-06-01', you: 0, value: 3 });
  });

  it('uses stored totals only for days whose events the cap dropped', () => {
    const record = new ActivityRecord({ days: 90, eventDays: 90, eventsPerCounter: 4 });
    const dayBefore = at - 86_400_000;
    for (let i = 0; i < 6; i += 1) record.append('c', own(dayBefore + i * 1000), 'UTC');
    for (let i = 0; i < 3; i += 1) record.append('c', own(at + i * 1000), 'UTC');
    expect(record.eventCount('c')).toBeLessThanOrEqual(5);
    const detail = record.detail('c', 9, at + 60_000, 'UTC');
    expect(detail.days.at(-2)).toMatchObject({ you: 6 });
    expect(detail.days.at(-1)).toMatchObject({ you: 3 });
  });
});
