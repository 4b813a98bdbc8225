// Which milestone is next and which falls on a day: pure calendar arithmetic.
import { describe, expect, it } from 'vitest';
import { milestoneName, milestoneToday } from '../../../src-shared/i18n/goal-words';
import { de, en } from '../../../dev-tools/support/i18n';
import { addYears, milestoneOn, nextMilestone } from '../../../src-shared/domain/milestones';
import { addDays } from '../../../src-shared/time/calendar';

describe('FromDate milestones', () => {
  it('7, 10, 14, 21, 30, 50, 100, 200 and 365 days after the start', () => {
    const start = '2026-01-01';
    const days = [7, 10, 14, 21, 30, 50, 100, 200, 365];
    for (const n of days) expect(milestoneOn('FromDate', start, addDays(start, n))).toEqual({ date: addDays(start, n), kind: 'days', count: n });
    const others = Array.from({ length: 366 }, (_, n) => n).filter((n) => !days.includes(n));
    for (const n of others) expect(milestoneOn('FromDate', start, addDays(start, n)), `day ${n}`).toBeNull();
  });

  it('then every year on the anniversary, a 29 February start on 28 February in common years', () => {
    expect(nextMilestone('FromDate', '2024-02-29', '2025-03-01')).toEqual({ date: '2026-02-28', kind: 'years', count: 2 });
    expect(nextMilestone('FromDate', '2024-02-29', '2027-02-28')).toEqual({ date: '2027-02-28', kind: 'years', count: 3 });
    expect(nextMilestone('FromDate', '2024-02-29', '2027-03-01')).toEqual({ date: '2028-02-29', kind: 'years', count: 4 });
    // The first year is the 365-day milestone (here also 28 February); no "1 year" besides it.
    expect(nextMilestone('FromDate', '2024-02-29', '2024-12-01')).toEqual({ date: '2025-02-28', kind: 'days', count: 365 });
    expect(nextMilestone('FromDate', '2023-03-01', '2024-01-01')).toEqual({ date: '2024-02-29', kind: 'days', count: 365 }); // a leap year: one day before the anniversary
    expect(nextMilestone('FromDate', '1990-06-15', '2026-06-16')).toEqual({ date: '2027-06-15', kind: 'years', count: 37 });
  });

  it('a milestone on today is still the next one; a start ahead counts from the start', () => {
    expect(nextMilestone('FromDate', '2026-01-01', '2026-01-08')).toMatchObject({ count: 7 });
    expect(nextMilestone('FromDate', '2026-01-01', '2026-01-09')).toMatchObject({ count: 10 });
    expect(nextMilestone('FromDate', '2026-12-24', '2026-11-23')).toEqual({ date: '2026-12-31', kind: 'days', count: 7 });
  });
});

describe('ToDate milestones', () => {
  it('30, 7 and 1 days before and on the day; none once it has passed', () => {
    const end = '2027-03-01';
    expect(milestoneOn('ToDate', end, '2027-01-30')).toEqual({ date: '2027-01-30', kind: 'left', count: 30 });
    expect(milestoneOn('ToDate', end, '2027-02-22')).toEqual({ date: '2027-02-22', kind: 'left', count: 7 });
    expect(milestoneOn('ToDate', end, '2027-02-28')).toEqual({ date: '2027-02-28', kind: 'left', count: 1 });
    expect(milestoneOn('ToDate', end, '2027-03-01')).toEqual({ date: '2027-03-01', kind: 'left', count: 0 });
    expect(milestoneOn('ToDate', end, '2027-02-21')).toBeNull();
    expect(nextMilestone('ToDate', end, '2026-11-23')).toMatchObject({ count: 30 });
    expect(nextMilestone('ToDate', end, '2027-03-02')).toBeNull();
  });
});

describe('words', () => {
  it('names each kind the way the row and the notification say it', () => {
    expect(milestoneName(en, { date: '', kind: 'days', count: 100 })).toBe('100 days');
    expect(milestoneName(en, { date: '', kind: 'years', count: 2 })).toBe('2 years');
    expect(milestoneName(en, { date: '', kind: 'years', count: 1 })).toBe('1 year');
    expect(milestoneName(en, { date: '', kind: 'left', count: 1 })).toBe('1 day left');
    expect(milestoneToday(en, { date: '', kind: 'days', count: 1000 }, 'FromDate')).toBe('1,000 days today');
    expect(milestoneToday(en, { date: '', kind: 'left', count: 7 }, 'ToDate')).toBe('7 days left');
    expect(milestoneToday(en, { date: '', kind: 'left', count: 0 }, 'ToDate')).toBe('Today is the day');
    // German plurals and digits through the catalog's ICU and Intl, not by hand.
    expect(milestoneName(de, { date: '', kind: 'years', count: 1 })).toBe('1 Jahr');
    expect(milestoneName(de, { date: '', kind: 'years', count: 2 })).toBe('2 Jahre');
    expect(milestoneName(de, { date: '', kind: 'left', count: 1 })).toBe('noch 1 Tag');
    expect(milestoneToday(de, { date: '', kind: 'days', count: 1000 }, 'FromDate')).toBe('1.000 Tage heute');
    expect(milestoneToday(de, { date: '', kind: 'left', count: 0 }, 'ToDate')).toBe('Heute ist der Tag');
  });

  it('adds years as calendar years', () => {
    expect(addYears('2024-02-29', 1)).toBe('2025-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
    expect(addYears('2023-12-31', 1)).toBe('2024-12-31');
  });
});
