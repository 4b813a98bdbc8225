import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright's own browser download cannot run on our machines.
const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const launchOptions = {
  executablePath: chromiumPath,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
};

export default defineConfig({
  testDir: 'test',
  outputDir: 'test-results/playwright',
  timeout: 30_000,
  // Every test makes its own service, harness and pages, so tests spread over the workers one by
  // one. Most of a test's time is waiting for the app (a 2-core machine stayed half idle with two
  // workers), so three: a test that fails only under that load waits for time, not for a state.
  fullyParallel: true,
  workers: 3,
  forbidOnly: Boolean(process.env.CI),
  // In CI a golden picture without its baseline fails instead of being written (test/goldens/README.md).
  updateSnapshots: process.env.CI ? 'none' : 'missing',
  reporter: [['list'], ['json', { outputFile: 'test-results/playwright.json' }]],
  projects: [
    {
      // The shipped build booted under the Electron double (test/electron-double/README.md).
      name: 'electron-double',
      testMatch: 'electron-double/**/*.spec.ts',
      // Several launches of the app per test, on a shared 2-core machine.
      timeout: 60_000,
      use: { browserName: 'chromium', launchOptions },
    },
    {
      name: 'chromium',
      testMatch: 'e2e/**/*.spec.ts',
      use: {
        browserName: 'chromium',
        launchOptions,
      },
    },
    {
      // Golden pictures of every screen (test/goldens/README.md). Pinned for them: no hinting,
      // no subpixel (LCD) text, colours in sRGB whatever the display's profile, UTC, a fixed
      // device scale per run (the spec sets 1 or 2), no animations, no caret.
      name: 'goldens',
      testDir: 'test/goldens',
      testMatch: '**/*.spec.ts',
      snapshotPathTemplate: '{testDir}/baseline/{arg}{ext}',
      expect: { toHaveScreenshot: { maxDiffPixelRatio: 0.0003, animations: 'disabled', caret: 'hide', scale: 'device' } },
      use: {
        browserName: 'chromium',
        launchOptions: { ...launchOptions, args: [...launchOptions.args, '--font-render-hinting=none', '--disable-lcd-text', '--force-color-profile=srgb'] },
        timezoneId: 'UTC',
        locale: 'en-US',
      },
    },
    {
      name: 'electron',
      testMatch: 'electron/**/*.spec.ts',
    },
  ],
});
