// The closing lines of `npm test` (scripts/test.mjs), from the runners' reports. CI reads the
// last one, "N passed, N failed, N skipped", so it stays exactly that; the line before it says
// what those tests are: tool steps (a type check, lint, the build, the security scan count as
// one test each), catalog rows (one check repeated for every catalog key, tagged `catalog-row`)
// and the behaviour tests, which are the rest.

export const CATALOG_ROW_TAG = 'catalog-row';

/** Vitest tests tagged `catalog-row` that ran (passed or failed), from Vitest's JSON report. */
export function catalogRowsRun(report) {
  return (report?.testResults ?? [])
    .flatMap((suite) => suite.assertionResults ?? [])
    .filter((test) => (test.status === 'passed' || test.status === 'failed') && (test.tags ?? []).includes(CATALOG_ROW_TAG)).length;
}

/** Files that failed to load have no failed tests of their own: each counts as one failure. */
export function suitesThatFailedToLoad(report) {
  return (report?.testResults ?? []).filter((suite) => suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')).length;
}

const counted = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The two closing lines. `kinds.toolSteps`: the labels of the checks that ran; `catalogRows`;
 * `runnerFailures`: failures that are no test (a file that did not load, a runner that failed
 * with no failed test).
 */
export function closingLines(results, kinds) {
  const total = results.passed + results.failed;
  const behaviourTests = total - kinds.toolSteps.length - kinds.catalogRows - kinds.runnerFailures;
  const parts = [
    `${counted(kinds.catalogRows, 'catalog row')} (one check per catalog key)`,
    `${counted(kinds.toolSteps.length, 'tool step')} (${kinds.toolSteps.join(', ')})`,
    counted(behaviourTests, 'behaviour test'),
    ...(kinds.runnerFailures > 0 ? [`${counted(kinds.runnerFailures, 'runner failure')} (a file that did not load, or a runner that failed with no failed test)`] : []),
  ];
  return [`Of the ${total} passed or failed: ${parts.join(', ')}`, `${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`];
}
