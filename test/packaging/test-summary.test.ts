// npm test's closing lines (scripts/test-summary.mjs): CI reads the last one, so it stays
// "N passed, N failed, N skipped"; the one before names the behaviour tests apart from the
// tool steps and the runner failures, counted from Vitest's report.
import { describe, expect, it } from 'vitest';
import { closingLines, failedTestLines, slowestFiles, suitesThatFailedToLoad } from '../../scripts/test-summary.mjs';

/** The parts of Vitest's JSON report the summary reads. */
function vitestReport(suites: { status: string; tests: { status: string }[] }[]) {
  return { testResults: suites.map((suite) => ({ status: suite.status, assertionResults: suite.tests })) };
}

const TOOLS = ['typecheck', 'typecheck (renderer)', 'lint', 'build', 'security scan'];

describe('npm test closing lines', () => {
  it('counts a file that did not load, not one whose tests failed', () => {
    const report = vitestReport([
      { status: 'failed', tests: [{ status: 'passed' }, { status: 'failed' }] },
      { status: 'failed', tests: [] }, // did not load
    ]);
    expect(suitesThatFailedToLoad(report)).toBe(1);
  });

  it('ends with exactly "N passed, N failed, N skipped"; the line before splits the same total into its kinds', () => {
    const [breakdown, closing] = closingLines({ passed: 2368, failed: 5, skipped: 3 }, { toolSteps: TOOLS, runnerFailures: 1 });
    expect(closing).toBe('2368 passed, 5 failed, 3 skipped');
    expect(closing).toMatch(/^\d+ passed, \d+ failed, \d+ skipped$/); // what CI parses
    expect(breakdown).toBe(
      'Of the 2373 passed or failed: 5 tool steps (typecheck, typecheck (renderer), lint, build, security scan), 2367 behaviour tests, 1 runner failure (a file that did not load, or a runner that failed with no failed test)',
    );
  });

  it('names no runner failures when there were none', () => {
    const [breakdown] = closingLines({ passed: 10, failed: 0, skipped: 0 }, { toolSteps: ['lint'], runnerFailures: 0 });
    expect(breakdown).toBe('Of the 10 passed or failed: 1 tool step (lint), 9 behaviour tests');
  });
});

describe('the failed tests, by name, above the count', () => {
  it('names each failed Vitest test with its file, a file that did not load, and each unexpected Playwright result with its project and line', () => {
    const vitest = {
      testResults: [
        { name: '/check/work/main/test/main/a.test.ts', status: 'failed', assertionResults: [{ status: 'passed', fullName: 'a passes' }, { status: 'failed', fullName: 'a › fails' }] },
        { name: '/check/work/main/test/main/b.test.ts', status: 'failed', assertionResults: [] },
        { name: '/check/work/main/test/main/c.test.ts', status: 'passed', assertionResults: [{ status: 'skipped', fullName: 'c skipped' }] },
      ],
    };
    const playwright = {
      suites: [
        {
          specs: [],
          suites: [
            {
              specs: [
                { file: 'e2e/settings.spec.ts', line: 145, title: 'a switch toggles', tests: [{ projectName: 'chromium', status: 'unexpected' }] },
                { file: 'e2e/list.spec.ts', line: 9, title: 'flaky once', tests: [{ projectName: 'chromium', status: 'flaky' }] },
                { file: 'electron/app.spec.ts', line: 79, title: 'launches', tests: [{ projectName: 'electron', status: 'skipped' }] },
              ],
            },
          ],
        },
      ],
    };
    expect(failedTestLines(vitest, playwright)).toEqual([
      'failed: vitest: test/main/a.test.ts › a › fails',
      'failed: vitest: test/main/b.test.ts (did not load)',
      'failed: playwright [chromium]: e2e/settings.spec.ts:145 › a switch toggles',
    ]);
  });

  it('names nothing when a report is missing or all passed', () => {
    expect(failedTestLines(undefined, undefined)).toEqual([]);
    expect(failedTestLines({ testResults: [{ name: '/x/test/a.test.ts', status: 'passed', assertionResults: [{ status: 'passed', fullName: 'ok' }] }] }, { suites: [] })).toEqual([]);
  });
});

describe('the ten slowest files, printed at the end of npm test', () => {
  it('ranks Vitest files by their own span and Playwright files by the sum of their runs per project, longest first, at most n', () => {
    const vitest = {
      testResults: [
        { name: '/w/test/main/quick.test.ts', startTime: 1_000, endTime: 1_200 },
        { name: '/w/test/hardening/soak.test.ts', startTime: 2_000, endTime: 27_000 },
        { name: '/w/test/main/no-times.test.ts' },
      ],
    };
    const run = (duration: number) => ({ duration });
    const playwright = {
      suites: [
        {
          suites: [
            {
              specs: [
                { file: 'e2e/a11y.spec.ts', tests: [{ projectName: 'chromium', results: [run(4_000)] }] },
                { file: 'e2e/a11y.spec.ts', tests: [{ projectName: 'chromium', results: [run(3_000), run(2_500)] }] },
                { file: 'e2e/a11y.spec.ts', tests: [{ projectName: 'goldens', results: [run(100)] }] },
              ],
            },
          ],
        },
      ],
    };
    expect(slowestFiles(vitest, playwright, 3)).toEqual([
      '  25.0 s  vitest: test/hardening/soak.test.ts',
      '   9.5 s  playwright [chromium]: e2e/a11y.spec.ts',
      '   0.2 s  vitest: test/main/quick.test.ts',
    ]);
    expect(slowestFiles(vitest, playwright)).toHaveLength(4);
    expect(slowestFiles(undefined, undefined)).toEqual([]);
  });
});
