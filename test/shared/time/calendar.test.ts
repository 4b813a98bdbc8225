// Day keys at the ends of the years the API allows (0001 to 9999), against answers worked out
// by hand (leap years: every 4th, not every 100th, but every 400th), and around a day a zone skipped.
import { describe, expect, it } from 'vitest';
import { addDays, dayKeyIn, daysBetween, isDateKey, moveDay } from '../../../src-shared/time/calendar';
import { daysFromTo } from '../../support/day-oracle';

// Years 1–9999 hold 9999 × 365 days and 2499 − 99 + 24 = 2424 leap days: 3,652,059 days from
// 0001-01-01 to 10000-01-01, so 9999-12-31 is day 3,652,058 after 0001-01-01.
const FIRST_TO_LAST = 9999 * 365 + (2499 - 99 + 24) - 1;
// 2026-11-27: years 1–2025 hold 2025 × 365 days and 506 − 20 + 5 = 491 leap days; then
// January to October 2026 (31+28+31+30+31+30+31+31+30+31 = 304 days) and 26 more.
const FIRST_TO_TODAY = 2025 * 365 + (506 - 20 + 5) + 304 + 26;
const TODAY = '2026-11-27';

describe('days between the ends of the API’s years', () => {
  it('counts calendar days from 0001-01-01 to 9999-12-31 and to a day far from both', () => {
    expect(FIRST_TO_LAST).toBe(3_652_058);
    expect(daysBetween('0001-01-01', '9999-12-31')).toBe(FIRST_TO_LAST);
    expect(daysBetween('0001-01-01', TODAY)).toBe(FIRST_TO_TODAY);
    // 9999-12-25 is six days before 9999-12-31.
    expect(daysBetween(TODAY, '9999-12-25')).toBe(FIRST_TO_LAST - 6 - FIRST_TO_TODAY);
    expect(daysBetween('9999-12-25', TODAY)).toBe(-(FIRST_TO_LAST - 6 - FIRST_TO_TODAY));
  });

  it('knows the first and the last days as dates, and nothing past them', () => {
    for (const key of ['0001-01-01', '9999-12-25', '9999-12-31', '0000-02-29']) expect(isDateKey(key), key).toBe(true);
    for (const key of ['10000-01-01', '+010000-01-01', '+010000-01', '-000001-12-31', '9999-12-32']) expect(isDateKey(key), key).toBe(false);
  });
});

describe('moving a day near the ends', () => {
  it('reaches the last day of 9999 and no further', () => {
    expect(moveDay('9999-12-25', 6)).toBe('9999-12-31');
    expect(moveDay('9999-12-25', 7)).toBeNull(); // would be 10000-01-01
    expect(moveDay('9999-12-31', 1)).toBeNull();
    expect(moveDay('9999-12-31', -365)).toBe('9998-12-31'); // 9999 is a common year
    expect(moveDay(TODAY, FIRST_TO_LAST - FIRST_TO_TODAY)).toBe('9999-12-31');
    expect(moveDay(TODAY, FIRST_TO_LAST - FIRST_TO_TODAY + 1)).toBeNull();
  });

  it('reaches back into year 0000 (a leap year of 366 days) and no further', () => {
    expect(moveDay('0001-01-01', -1)).toBe('0000-12-31');
    expect(moveDay('0001-01-01', -366)).toBe('0000-01-01');
    expect(moveDay('0001-01-01', -367)).toBeNull();
    expect(moveDay(TODAY, -FIRST_TO_TODAY)).toBe('0001-01-01');
  });

  it('answers null, never a malformed key, for a key that is not a date or a step beyond any date', () => {
    expect(moveDay('not a date', 1)).toBeNull();
    expect(moveDay(TODAY, 1e12)).toBeNull();
    expect(moveDay(TODAY, Number.NaN)).toBeNull();
  });

  it('addDays, for days near today, refuses a day past the keys instead of a wrong one', () => {
    expect(addDays(TODAY, 35)).toBe('2027-01-01'); // 3 days left in November, 31 in December
    expect(() => addDays('9999-12-25', 7)).toThrow(RangeError);
  });
});

describe('a day that did not exist: Pacific/Apia went from 29 to 31 December 2011', () => {
  it('the zone shows the 29th, then the 31st; days between count calendar dates across the gap, as Temporal does', () => {
    const jump = Date.parse('2011-12-30T10:00:00Z'); // 24:00 −10:00 on the 29th became 00:00 +14:00 on the 31st
    expect([dayKeyIn('Pacific/Apia', jump - 1), dayKeyIn('Pacific/Apia', jump)]).toEqual(['2011-12-29', '2011-12-31']);
    // A counter from the 29th reads 0 there, then 2: one real day passed, two dates did (the server counts dates too).
    expect(daysBetween('2011-12-29', '2011-12-31')).toBe(2);
    const pairs = [
      ['2011-12-29', '2011-12-31'],
      ['2011-12-31', '2011-12-29'],
      ['2011-12-30', '2011-12-31'],
      ['2011-12-29', '2011-12-30'],
      ['2011-12-30', '2012-12-30'],
      ['2011-01-01', '2012-01-01'],
    ] as const;
    for (const [from, to] of pairs) expect(daysBetween(from, to), `${from} → ${to}`).toBe(daysFromTo(from, to));
    expect([moveDay('2011-12-29', 2), addDays('2011-12-31', -1)]).toEqual(['2011-12-31', '2011-12-30']);
  });
});
