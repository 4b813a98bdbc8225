// The first day of the week in a locale: from Intl where the engine has week data, else CLDR's.

/** 1 = Monday … 7 = Sunday. */
export type IsoWeekday = 1 | 2 | 3 | 4 | 5 | 6 | 7;

/** CLDR weekData firstDay: the regions whose week does not start on Monday. */
const SUNDAY_FIRST = new Set(
  'AG AS BD BR BS BT BW BZ CA CN CO DM DO ET GT GU HK HN ID IL IN JM JP KE KH KR LA MH MM MO MT MX MZ NI NP PA PE PH PK PR PT PY SA SG SV TH TT TW UM US VE VI WS YE ZA ZW'.split(' '),
);
const SATURDAY_FIRST = new Set('AE AF BH DJ DZ EG IQ IR JO KW LY OM QA SD SY'.split(' '));
const FRIDAY_FIRST = new Set(['MV']);

/** The method (newer engines), else the getter (older V8). */
interface WeekInfoLocale {
  getWeekInfo?: () => { firstDay?: unknown };
  weekInfo?: { firstDay?: unknown };
}

const isWeekday = (day: unknown): day is IsoWeekday => typeof day === 'number' && Number.isInteger(day) && day >= 1 && day <= 7;

export function regionFirstDay(region: string | undefined): IsoWeekday {
  if (region === undefined) return 1;
  if (SUNDAY_FIRST.has(region)) return 7;
  if (SATURDAY_FIRST.has(region)) return 6;
  if (FRIDAY_FIRST.has(region)) return 5;
  return 1;
}

/** Monday for a tag Intl refuses. */
export function firstDayOfWeek(tag: string): IsoWeekday {
  let locale: Intl.Locale;
  try {
    locale = new Intl.Locale(tag);
  } catch {
    return 1;
  }
  const info = locale as Intl.Locale & WeekInfoLocale;
  const firstDay = info.getWeekInfo?.().firstDay ?? info.weekInfo?.firstDay;
  if (isWeekday(firstDay)) return firstDay;
  // "en" alone means the US to Intl (its likely region), as it does to the week data above.
  return regionFirstDay(locale.region ?? locale.maximize().region);
}

export function isoWeekday(dayKey: string): IsoWeekday {
  const sunday0 = new Date(`${dayKey}T00:00:00Z`).getUTCDay();
  return (sunday0 === 0 ? 7 : sunday0) as IsoWeekday;
}

/** 0 … 6. */
export function daysIntoWeek(dayKey: string, firstDay: IsoWeekday): number {
  return (isoWeekday(dayKey) - firstDay + 7) % 7;
}
