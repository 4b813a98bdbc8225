// Numbers, dates, day counts and lists through Intl in the app's locale (not the page's or the
// process's default): nothing here spells a plural or a month by hand.
import { dayKeyIn, systemTimeZone } from '../time/calendar';

/** A phrase around one number, so the number can be styled apart: "in " · "190" · " days". */
export interface NumberPhrase {
  before: string;
  number: string;
  after: string;
  text: string;
}

export interface Formats {
  /** Up to six decimals: UpDown values may be fractional on some servers. */
  number(value: number): string;
  /** +3 · −2 (a real minus sign) · ±0. */
  signed(amount: number): string;
  dayCount(count: number): NumberPhrase;
  /** "in 190 days" (n > 0), "587 days ago" (n < 0). */
  relativeDays(days: number): NumberPhrase;
  // Days are YYYY-MM-DD keys: "Feb 29, 2024", "Mar 5", "Thu, Feb 29, 2024", "Mon, Nov 16", "Nov" (with
  // `year`: "Nov 2026"), "Mon". Moments are in `zone` (default: the system's): "10:42 AM", "10:42:05 AM",
  // "Nov 21, 10:42 AM".
  date(isoDay: string): string;
  monthDay(isoDay: string): string;
  longDate(isoDay: string): string;
  dayLabel(isoDay: string): string;
  month(isoDay: string, year?: boolean): string;
  weekday(isoDay: string): string;
  time(at: number, zone?: string): string;
  timeWithSeconds(at: number, zone?: string): string;
  dayAndTime(at: number, zone?: string): string;
  dayOf(at: number, zone?: string): string;
  list(items: readonly string[]): string;
  orList(items: readonly string[]): string;
  /** In that language ("Deutsch"). */
  languageName(language: string): string;
}

/** Intl objects cost ~0.1 ms each, the first of a kind in a fresh renderer far more: made on first use. */
function once<T>(make: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= make());
}

/** A bounded few per zone. */
function memo<T>(make: (key: string) => T, limit = 32): (key: string) => T {
  const cache = new Map<string, T>();
  return (key) => {
    let value = cache.get(key);
    if (value === undefined) {
      if (cache.size >= limit) cache.clear();
      value = make(key);
      cache.set(key, value);
    }
    return value;
  };
}

function phrase(parts: readonly Intl.NumberFormatPart[] | readonly Intl.RelativeTimeFormatPart[]): NumberPhrase {
  const numeric = new Set(['integer', 'group', 'decimal', 'fraction']);
  const first = parts.findIndex((p) => numeric.has(p.type));
  let last = first;
  while (last + 1 < parts.length && numeric.has(parts[last + 1]?.type ?? '')) last += 1;
  const join = (from: number, to: number) => parts.slice(from, to).map((p) => p.value).join('');
  const text = join(0, parts.length);
  if (first < 0) return { before: text, number: '', after: '', text };
  return { before: join(0, first), number: join(first, last + 1), after: join(last + 1, parts.length), text };
}

/** `decorate` runs over every word Intl produces (the pseudo-locale accents them). */
export function createFormats(locale: string, decorate: (text: string) => string = (text) => text): Formats {
  // Made with the translator, while the popup waits for its first state: every screen shows numbers.
  const numbers = new Intl.NumberFormat(locale, { maximumFractionDigits: 6 });
  const signedNumbers = once(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 6, signDisplay: 'exceptZero' }));
  const days = once(() => new Intl.NumberFormat(locale, { style: 'unit', unit: 'day', unitDisplay: 'long', maximumFractionDigits: 0 }));
  const relative = once(() => new Intl.RelativeTimeFormat(locale, { numeric: 'always' }));
  // A day key is midnight UTC of that date, so every zone's day reads the same.
  const day = (options: Intl.DateTimeFormatOptions) => {
    const format = once(() => new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' }));
    return (isoDay: string) => decorate(format().format(new Date(`${isoDay}T00:00:00Z`)));
  };
  const months = day({ month: 'short' });
  const monthYears = day({ month: 'short', year: 'numeric' });
  const lists = once(() => new Intl.ListFormat(locale, { style: 'long', type: 'conjunction' }));
  const orLists = once(() => new Intl.ListFormat(locale, { style: 'long', type: 'disjunction' }));
  const zoned = (options: Intl.DateTimeFormatOptions) => memo((zone) => new Intl.DateTimeFormat(locale, { ...options, ...(zone ? { timeZone: zone } : {}) }));
  const times = zoned({ hour: 'numeric', minute: '2-digit' });
  const secondTimes = zoned({ hour: 'numeric', minute: '2-digit', second: '2-digit' });
  const dayTimes = zoned({ day: 'numeric', month: 'short', hour: 'numeric', minute: '2-digit' });
  const names = once(() => new Intl.DisplayNames([locale], { type: 'language' }));

  const decoratePhrase = (p: NumberPhrase): NumberPhrase => ({ before: decorate(p.before), number: p.number, after: decorate(p.after), text: decorate(p.text) });

  return {
    number: (value) => numbers.format(value),
    signed: (amount) => {
      if (amount === 0) return `±${numbers.format(0)}`;
      // Intl gives the locale's minus (a hyphen in en and de); typeset it as the minus sign.
      return signedNumbers().formatToParts(amount).map((p) => (p.type === 'minusSign' ? '−' : p.value)).join('');
    },
    dayCount: (count) => decoratePhrase(phrase(days().formatToParts(count))),
    relativeDays: (n) => decoratePhrase(phrase(relative().formatToParts(n, 'day'))),
    date: day({ day: 'numeric', month: 'short', year: 'numeric' }),
    monthDay: day({ day: 'numeric', month: 'short' }),
    longDate: day({ weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }),
    dayLabel: day({ weekday: 'short', day: 'numeric', month: 'short' }),
    month: (isoDay, year = false) => (year ? monthYears : months)(isoDay),
    weekday: day({ weekday: 'short' }),
    time: (at, zone = '') => decorate(times(zone).format(at)),
    timeWithSeconds: (at, zone = '') => decorate(secondTimes(zone).format(at)),
    dayAndTime: (at, zone = '') => decorate(dayTimes(zone).format(at)),
    dayOf: (at, zone = '') => dayKeyIn(zone || systemTimeZone(), at),
    list: (items) => decorate(lists().format(items)),
    orList: (items) => decorate(orLists().format(items)),
    languageName: (language) => {
      try {
        return decorate(new Intl.DisplayNames([language], { type: 'language' }).of(language) ?? names().of(language) ?? language);
      } catch {
        return language;
      }
    },
  };
}
