// The week's first day in a locale: Intl's week data where the engine has it, CLDR's
// regions where it has not (an older engine: neither getWeekInfo nor weekInfo).
import { afterEach, describe, expect, it } from 'vitest';
import { addDays } from '../../../src-shared/time/calendar';
import { daysIntoWeek, firstDayOfWeek, isoWeekday, regionFirstDay } from '../../../src-shared/time/week-start';
import { isoWeekOf } from '../../support/day-oracle';

const proto = Intl.Locale.prototype as unknown as Record<string, unknown>;
const saved = { getWeekInfo: Object.getOwnPropertyDescriptor(proto, 'getWeekInfo'), weekInfo: Object.getOwnPropertyDescriptor(proto, 'weekInfo') };

afterEach(() => {
  for (const [name, descriptor] of Object.entries(saved)) if (descriptor) Object.defineProperty(proto, name, descriptor);
});

const TAGS = { 'en-US': 7, en: 7, 'en-GB': 1, de: 1, 'de-DE': 1, 'de-AT': 1, 'de-CH': 1, 'ar-EG': 6, 'fa-IR': 6, 'pt-BR': 7, he: 7, 'dv-MV': 5 } as const;

describe('first day of the week', () => {
  it('follows Intl’s week data', () => {
    expect(Object.fromEntries(Object.keys(TAGS).map((tag) => [tag, firstDayOfWeek(tag)]))).toEqual(TAGS);
  });

  it('without week data in the engine, the region’s day from CLDR: the same answers', () => {
    for (const name of Object.keys(saved)) Object.defineProperty(proto, name, { value: undefined, configurable: true, writable: true });
    expect((new Intl.Locale('en-US') as unknown as Record<string, unknown>).getWeekInfo).toBeUndefined();
    expect(Object.fromEntries(Object.keys(TAGS).map((tag) => [tag, firstDayOfWeek(tag)]))).toEqual(TAGS);
    expect(regionFirstDay(undefined)).toBe(1);
  });

  it('is Monday for a tag Intl refuses', () => {
    expect(firstDayOfWeek('not a locale!')).toBe(1);
  });

  it('counts days into a week from any first day', () => {
    expect(isoWeekday('2026-11-22')).toBe(7); // a Sunday
    expect(daysIntoWeek('2026-11-22', 7)).toBe(0);
    expect(daysIntoWeek('2026-11-22', 1)).toBe(6);
    expect(daysIntoWeek('2026-11-25', 6)).toBe(4);
  });

  it('around ISO week 53 (2020 and 2026) weekdays are Temporal’s, and New Year’s Day is where each first day puts it', () => {
    for (const from of ['2020-12-20', '2026-12-20']) {
      for (let i = 0; i < 21; i += 1) expect(isoWeekday(addDays(from, i))).toBe(isoWeekOf(addDays(from, i)).weekday);
    }
    // 1 January 2021 and 2027 are Fridays: 5 days into a week from Sunday, 4 from Monday, 6 from Saturday.
    for (const newYear of ['2021-01-01', '2027-01-01']) expect(([7, 1, 6] as const).map((first) => daysIntoWeek(newYear, first))).toEqual([5, 4, 6]);
  });
});
