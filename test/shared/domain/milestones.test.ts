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

describe('at the ends of the API’s years (0001 to 9999), answers worked out by hand', () => {
  const TODAY = '2026-11-27';

  it('a start in late December 9999 has no milestone a date can name: none, not one in year 10000', () => {
    // 9999-12-25 + 7 days = 10000-01-01 (6 days to the 31st, then one more).
    expect(nextMilestone('FromDate', '9999-12-25', TODAY)).toBeNull();
    expect(nextMilestone('FromDate', '9999-12-25', '9999-12-25')).toBeNull();
    expect(nextMilestone('FromDate', '9999-12-25', '9999-12-31')).toBeNull();
    expect(milestoneOn('FromDate', '9999-12-25', '9999-12-31')).toBeNull();
    // 9999-12-20: 7 days is the 27th and 10 days the 30th; 14 days would be 10000-01-03.
    expect(nextMilestone('FromDate', '9999-12-20', '9999-12-28')).toEqual({ date: '9999-12-30', kind: 'days', count: 10 });
    expect(nextMilestone('FromDate', '9999-12-20', '9999-12-31')).toBeNull();
    // An anniversary in 9999 is the last: 9997-03-01 + 2 years = 9999-03-01, + 3 years is past 9999.
    expect(nextMilestone('FromDate', '9997-03-01', '9999-01-01')).toEqual({ date: '9999-03-01', kind: 'years', count: 2 });
    expect(nextMilestone('FromDate', '9997-03-01', '9999-03-02')).toBeNull();
  });

  it('a start on 0001-01-01 counts its years to today', () => {
    // 2026-01-01 is the 2025th anniversary, already past on 27 November: the next is 2027-01-01.
    expect(nextMilestone('FromDate', '0001-01-01', TODAY)).toEqual({ date: '2027-01-01', kind: 'years', count: 2026 });
    expect(nextMilestone('FromDate', '0001-01-01', '0001-01-02')).toEqual({ date: '0001-01-08', kind: 'days', count: 7 });
  });

  it('an end on 9999-12-31 or 9999-12-25 counts down to it; one on 0001-01-01 has passed', () => {
    // December has 31 days: 30 days before the 31st is the 1st.
    expect(nextMilestone('ToDate', '9999-12-31', TODAY)).toEqual({ date: '9999-12-01', kind: 'left', count: 30 });
    // 9999-12-25: 30 days before is 11-25, 7 days before is 12-18, 1 day before is 12-24.
    expect(nextMilestone('ToDate', '9999-12-25', '9999-12-20')).toEqual({ date: '9999-12-24', kind: 'left', count: 1 });
    expect(milestoneOn('ToDate', '9999-12-25', '9999-12-25')).toEqual({ date: '9999-12-25', kind: 'left', count: 0 });
    expect(nextMilestone('ToDate', '0001-01-01', TODAY)).toBeNull();
    // 30 days before 0000-01-10 is in year −1, which no key names; 7 days before is 0000-01-03.
    expect(nextMilestone('ToDate', '0000-01-10', '0000-01-01')).toEqual({ date: '0000-01-03', kind: 'left', count: 7 });
  });

  it('adds years up to 9999 and no further', () => {
    expect(addYears('9996-02-29', 3)).toBe('9999-02-28'); // 9999 is a common year
    expect(addYears('0001-01-01', 2025)).toBe('2026-01-01');
    expect(addYears('9999-12-25', 1)).toBeNull();
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
