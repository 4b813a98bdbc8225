// A counter's value in words: day counters' phrases, singular and past, in English and German.
import { describe, expect, it } from 'vitest';
import { formatCounterValue } from '../../../src-shared/i18n/counter-value';
import { en, translator } from '../../../dev-tools/support/i18n';

describe('day phrases', () => {
  it.each([
    ['FromDate', 412, '412 days since'],
    ['FromDate', 1, '1 day since'],
    ['FromDate', 0, '0 days since'],
    ['ToDate', 99, '99 days until'],
    ['ToDate', -1, '1 day ago'],
    ['ToDate', -587, '587 days ago'],
    ['FromDate', -190, 'in 190 days'],
    ['FromDate', -1, 'in 1 day'],
    ['UpDown', 1234, '1,234'],
  ] as const)('%s %d reads "%s"', (type, value, phrase) => {
    expect(formatCounterValue(en, type, value).phrase).toBe(phrase);
  });

  it.each([
    ['FromDate', 412, 'seit 412 Tagen', '412', 'Tage'],
    ['FromDate', 1, 'seit 1 Tag', '1', 'Tag'],
    ['ToDate', 99, 'noch 99 Tage', '99', 'Tage'],
    ['ToDate', -1, 'vor 1 Tag', '1', 'Tag'],
    ['ToDate', -587, 'vor 587 Tagen', '587', 'Tagen'],
    ['FromDate', -190, 'in 190 Tagen', '190', 'Tagen'],
    ['UpDown', 1234, '1.234', '1.234', ''],
  ] as const)('German: %s %d reads "%s" (Intl and ICU plurals, not hand-made)', (type, value, phrase, number, unit) => {
    const shown = formatCounterValue(translator('de'), type, value);
    expect(shown.phrase).toBe(phrase);
    expect(shown.number).toBe(number);
    expect(shown.unit).toBe(unit);
  });
});
