// axe with the WCAG 2.2 AA tags (and best practice) on the states the popup must hold up in, each
// in English and German, light and dark, at 100 % and at 200 % zoom: a 300-counter list, the
// activity view with 50 events, offline, signed out by a 401, clicks held by a 429, nothing
// shared. Other files cover these in part (list-a11y, a11y, i18n, new-user); here every state
// meets every language, theme and size. The states are reached as the goldens reach them
// (test/goldens/support/screens.ts), on their fixed clock (main's and the page's: a 429's end is
// compared across the two).
import { translator } from '../../dev-tools/support/i18n';
import { expect, pinnedHarness, test, type Language } from '../goldens/support/pinned';
import { SCREENS, type Screen } from '../goldens/support/screens';
import { manyCounters } from './support/many';
import { expectAxeCleanBothSizes } from './support/sweep';
import { rowOf } from './support/test';

const LIST_300: Screen = {
  name: '300 counters',
  options: { fixtures: manyCounters(300) },
  async reach(popup) {
    await expect(rowOf(popup, 'Counter number 0')).toBeVisible();
  },
};

const STATES: readonly Screen[] = [LIST_300, ...['activity-50-events', 'offline', 'unauthorized', 'rate-limited', 'empty'].map((name) => {
  const found = SCREENS.find((screen) => screen.name === name);
  if (!found) throw new Error(`no screen ${name}`);
  return found;
})];

test.describe.configure({ timeout: 120_000 });

for (const language of ['en', 'de'] as const satisfies readonly Language[]) {
  const tr = translator(language);
  for (const state of STATES) {
    test.describe(`${state.name} (${language})`, () => {
      test.use({ harnessOptions: pinnedHarness(state.options, language, false) });
      test(`axe: ${state.name}, ${language}, light and dark, 100 % and 200 %`, async ({ popup, harness }) => {
        await expect(popup.locator('html')).toHaveAttribute('lang', language);
        await state.reach(popup, harness, tr);
        await expectAxeCleanBothSizes(popup, harness, `${state.name} (${language})`);
      });
    });
  }
}
