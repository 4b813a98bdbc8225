// A row or a screen that fails to draw, in Chromium on the built popup: the row says so and the
// list stays, the screen says so with the way back; axe in light and dark, 100 % and 200 %, English
// and German. The failure is made in the page: Intl refuses every date in 2024, the year "Since
// we moved in" started. What the popup logs is kept apart and checked for server words.
import { clockRunningFrom, PICTURE_TIME } from '../../dev-tools/support/fake-clock';
import { expectAxeCleanBothSizes } from './support/sweep';
import { expect, rowOf, test as base } from './support/test';

// A string, not a function: it runs in the page, which the Node typecheck knows nothing of.
// `format` is a getter that hands out a bound function; the popup's own log line is kept, not printed.
const FAILING_2024 = `
  const formatOf = Object.getOwnPropertyDescriptor(Intl.DateTimeFormat.prototype, 'format').get;
  Object.defineProperty(Intl.DateTimeFormat.prototype, 'format', { configurable: true, get() {
    const format = formatOf.call(this);
    return (date) => { if (date instanceof Date && date.getUTCFullYear() === 2024) throw new RangeError('Invalid time value'); return format(date); };
  } });
  window.__renderErrors = [];
  const print = console.error.bind(console);
  console.error = (...args) => (String(args[0]).startsWith('Render error: ') ? window.__renderErrors.push(args.join(' ')) : print(...args));
`;

const test = base.extend({
  page: async ({ page }, use) => {
    await page.addInitScript(FAILING_2024);
    await use(page);
  },
});

const WORDS = {
  en: { row: 'This counter cannot be shown.', screen: 'This screen cannot be shown.', back: 'Back to the list', search: 'Search counters' },
  de: { row: 'Dieser Zähler kann nicht angezeigt werden.', screen: 'Diese Ansicht kann nicht angezeigt werden.', back: 'Zurück zur Liste', search: 'Zähler suchen' },
} as const;
const NAME = 'Since we moved in';

for (const language of ['en', 'de'] as const) {
  const words = WORDS[language];
  test.describe(`a row and a screen that fail to draw (${language})`, () => {
    test.use({ harnessOptions: { app: { clock: clockRunningFrom(PICTURE_TIME), systemLanguages: [language === 'en' ? 'en-US' : 'de-DE'] } } });

    test('the row says so, the list stays; the screen says so with the way back; axe clean', async ({ popup, harness, shoot }) => {
      const failed = rowOf(popup, NAME);
      await expect(failed).toHaveAccessibleName(`${NAME}, ${words.row}`);
      await expect(failed).toContainText(words.row);
      await expect(rowOf(popup, 'Until the trip').getByTestId('value')).toBeVisible();
      await expectAxeCleanBothSizes(popup, harness, `a failed row (${language})`);
      await shoot(`failed-row-${language}`);

      // Its activity, chosen with the keys: the screen fails the same way.
      await popup.getByLabel(words.search).focus();
      for (let i = 0; i < 4 && (await failed.getAttribute('aria-current')) !== 'true'; i += 1) await popup.keyboard.press('ArrowDown');
      await expect(failed).toHaveAttribute('aria-current', 'true');
      await popup.keyboard.press('Enter');
      await expect(popup.getByRole('alert')).toHaveText(words.screen);
      const back = popup.getByRole('button', { name: words.back });
      await expect(back).toBeFocused();
      await expectAxeCleanBothSizes(popup, harness, `a failed screen (${language})`);
      await shoot(`failed-screen-${language}`);
      await back.press('Enter');
      await expect(rowOf(popup, 'Until the trip').getByTestId('value')).toBeVisible();

      // Logged: the error's kind and its components (minified names in this build), no server words, no message.
      const logged = (await popup.evaluate('window.__renderErrors')) as string[];
      expect(logged.length).toBeGreaterThanOrEqual(2);
      for (const line of logged) {
        expect(line).toMatch(/^Render error: RangeError in \S/);
        expect(line).not.toMatch(/Since we moved in|Invalid time value/);
      }
    });
  });
}
