// The pseudo-locale run's detector (test/e2e/support/ui-text.ts), on planted pages: a word that
// did not come through the catalog is reported (the negative control the e2e run relies on);
// the catalog's words in the pseudo-locale, Intl's decorated words and data are not.
import { describe, expect, it } from 'vitest';
import { strayWords } from '../e2e/support/ui-text';
import { translator } from '../../dev-tools/support/i18n';
import { PSEUDO } from '../../src-shared/i18n/locale';

const pseudo = translator(PSEUDO, 'en');
const data = ['Coffees today', 'http://127.0.0.1:4100'];

describe('stray words', () => {
  it('reports a hard-coded word, wherever it sits', () => {
    const page = [
      { where: 'button', text: 'Check again' },
      { where: 'button[aria-label]', text: `${pseudo.t('row.increase', { name: 'Coffees today' })} now` },
      { where: 'p', text: `Offline since ${pseudo.time(Date.UTC(2026, 10, 23, 9, 5))}` },
    ];
    expect(strayWords(page, data).map((t) => t.where)).toEqual(['button', 'button[aria-label]', 'p']);
  });

  it('passes the catalog in the pseudo-locale, its Intl words, symbols and data', () => {
    const page = [
      { where: 'h1', text: pseudo.t('settings.title') },
      { where: 'li[aria-label]', text: `Coffees today, ${pseudo.number(1234)}` },
      { where: 'p', text: pseudo.t('date.since', { date: pseudo.date('2024-02-29') }) },
      { where: 'p', text: pseudo.t('status.offlineSince', { time: pseudo.dayAndTime(Date.UTC(2026, 10, 22, 18, 30), 'UTC') }) },
      { where: 'kbd', text: 'Z' },
      { where: 'span', text: '+1 · −1 → ±0' },
      { where: 'span.mono', text: 'http://127.0.0.1:4100' },
    ];
    expect(strayWords(page, data)).toEqual([]);
  });

  it('a hand-made date (English month spelled by the code) is caught where Intl’s is not', () => {
    expect(strayWords([{ where: 'p', text: pseudo.t('date.since', { date: 'Feb 29, 2024' }) }], data)).toHaveLength(1);
  });
});
