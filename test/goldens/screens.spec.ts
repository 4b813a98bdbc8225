// Golden pictures of every screen at the popup's size, compared with a small tolerance (0.1 % of the pixels) on a
// fixed clock and fixed data (support/pinned.ts says what is pinned). Not every theme ×
// language × zoom of every screen: four runs per screen chosen so that each screen is seen in
// light and dark, English and German, 100 % and 200 %, and every pair of those (light with
// German, dark at 200 %, …) once — 4 pictures a screen, not 8.
// A changed look is accepted with `npx playwright test --project=goldens --update-snapshots`
// after looking at the new pictures (test/goldens/README.md).
import { translator } from '../../dev-tools/support/i18n';
import { textNotInPinnedFont } from './support/font-coverage';
import { SCREENS } from './support/screens';
import { expect, fontsPinned, pinnedHarness, test, type Language } from './support/pinned';

type Theme = 'light' | 'dark';
interface Run {
  theme: Theme;
  language: Language;
  zoom: 100 | 200;
}

/** Two levels of three factors in four runs: every pair of levels meets once (an orthogonal array). */
const RUNS: readonly Run[] = [
  { theme: 'light', language: 'en', zoom: 100 },
  { theme: 'dark', language: 'de', zoom: 100 },
  { theme: 'dark', language: 'en', zoom: 200 },
  { theme: 'light', language: 'de', zoom: 200 },
];

/** 200 %: Electron's zoomFactor 2 lays the 360×480 popup out in 180×240 CSS pixels and paints each twice. */
const CSS_SIZE = { 100: { width: 360, height: 480 }, 200: { width: 180, height: 240 } } as const;

for (const run of RUNS) {
  test.describe(`${run.language}, ${run.theme}, ${run.zoom} %`, () => {
    test.use({ deviceScaleFactor: run.zoom / 100 });
    const tr = translator(run.language);
    for (const screen of SCREENS) {
      test.describe(screen.name, () => {
        test.use({ harnessOptions: pinnedHarness(screen.options, run.language, run.theme === 'dark') });
        test(`${screen.name} (${run.language}, ${run.theme}, ${run.zoom} %)`, async ({ popup, harness }) => {
          await expect(popup.locator('html')).toHaveAttribute('lang', run.language);
          await expect(popup.locator('html')).toHaveAttribute('data-theme', run.theme);
          await popup.setViewportSize(CSS_SIZE[run.zoom]);
          // Before the first step: a click made while the fallback font is up lands (and scrolls) elsewhere.
          await fontsPinned(popup);
          await screen.reach(popup, harness, tr);
          await fontsPinned(popup);
          // The masked address is the one text in an installed face (.mono: DejaVu Sans Mono on Debian);
          // Chromium tells a block's faces for all its lines, so its line (.server-line) is left out too.
          expect(await textNotInPinnedFont(popup, /\b(mono|server-line)\b/), 'text drawn with an installed font, not the pinned one').toEqual([]);
          await expect(popup).toHaveScreenshot(`${screen.name}-${run.language}-${run.theme}-${run.zoom}.png`, { mask: screen.mask?.(popup) ?? [] });
        });
      });
    }
  });
}
