import type { HistoryDay, HistoryRange, Streak } from '../../src-shared/domain/history';
import type { MessageKey } from '../../src-shared/i18n/messages';
import type { Translator } from '../../src-shared/i18n/translator';

export const RANGE_WORDS = { twoWeeks: 'history.twoWeeks', threeMonths: 'history.threeMonths', year: 'history.year' } as const satisfies Record<HistoryRange, MessageKey>;

/** "+2.4" · "+2,4"; without enough recorded days, why. */
export function averageText(i18n: Translator, value: number | null, recordedDays: number): string {
  if (value !== null) return i18n.signed(Math.round(value * 10) / 10);
  return recordedDays > 0 ? i18n.t('history.tooFew') : i18n.t('history.notRecorded');
}

const lengthText = (i18n: Translator, streak: Streak, count: number) => i18n.t('streak.length', { unit: streak.unit, count });

function periodText(i18n: Translator, streak: Streak, key: string): string {
  return streak.unit === 'month' ? i18n.month(`${key}-01`, true) : i18n.date(key);
}

/** "Up 3 days in a row", and the longest run with its end. */
export function streakText(i18n: Translator, streak: Streak): { current: string; longest: string | null } {
  const length = lengthText(i18n, streak, streak.current);
  const current =
    streak.current === 0 ? i18n.t('streak.none', { kind: streak.kind }) : streak.kind === 'goal' ? i18n.t('streak.goal', { length }) : i18n.t('streak.direction', { direction: streak.direction, length });
  const longest = streak.longest > streak.current && streak.longestEnd !== null ? i18n.t('streak.longest', { length: lengthText(i18n, streak, streak.longest), date: periodText(i18n, streak, streak.longestEnd) }) : null;
  return { current, longest };
}

const signedCache = new WeakMap<Translator, Map<number, string>>();

function signed(i18n: Translator, amount: number): string {
  let cache = signedCache.get(i18n);
  if (!cache) signedCache.set(i18n, (cache = new Map()));
  let text = cache.get(amount);
  if (text === undefined) {
    if (cache.size > 1000) cache.clear();
    text = i18n.signed(amount);
    cache.set(amount, text);
  }
  return text;
}

const dayTexts = new WeakMap<Translator, Map<string, string>>();

/** "Tue, Nov 17, 2026: +3 (you +2, others +1)". */
export function dayText(i18n: Translator, day: HistoryDay): string {
  let said = dayTexts.get(i18n);
  if (!said) dayTexts.set(i18n, (said = new Map()));
  const key = day.recorded ? `${day.date} ${day.you} ${day.others}` : day.date;
  let text = said.get(key);
  if (text === undefined) {
    if (said.size > 4000) said.clear();
    text = sayDay(i18n, day);
    said.set(key, text);
  }
  return text;
}

function sayDay(i18n: Translator, day: HistoryDay): string {
  const date = i18n.longDate(day.date);
  if (!day.recorded) return i18n.t('heatmap.notRecorded', { date });
  const net = day.you + day.others;
  if (net === 0 && day.you === 0) return i18n.t('heatmap.noChange', { date });
  return i18n.t('heatmap.change', { date, net: signed(i18n, net), you: signed(i18n, day.you), others: signed(i18n, day.others) });
}
