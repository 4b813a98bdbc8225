// The closing lines of `npm test` (scripts/test.mjs), from the runners' reports. CI reads the
// last one, "N passed, N failed, N skipped", so it stays exactly that; the line before it says
// what those tests are: tool steps (a type check, lint, the build, the security scan count as
// one test each) and the behaviour tests, which are the rest.

/** Files that failed to load have no failed tests of their own: each counts as one failure. */
export function suitesThatFailedToLoad(report) {
  return (report?.testResults ?? []).filter((suite) => suite.status === 'failed' && !(suite.assertionResults ?? []).some((t) => t.status === 'failed')).length;
}

const counted = (n, noun) => `${n} ${noun}${n === 1 ? '' : 's'}`;

/**
 * The two closing lines. `kinds.toolSteps`: the labels of the checks that ran;
 * `runnerFailures`: failures that are no test (a file that did not load, a runner that failed
 * with no failed test).
 */
export function closingLines(results, kinds) {
  const total = results.passed + results.failed;
  const behaviourTests = total - kinds.toolSteps.length - kinds.runnerFailures;
  const parts = [
    `${counted(kinds.toolSteps.length, 'tool step')} (${kinds.toolSteps.join(', ')})`,
    counted(behaviourTests, 'behaviour test'),
    ...(kinds.runnerFailures > 0 ? [`${counted(kinds.runnerFailures, 'runner failure')} (a file that did not load, or a runner that failed with no failed test)`] : []),
  ];
  return [`Of the ${total} passed or failed: ${parts.join(', ')}`, `${results.passed} passed, ${results.failed} failed, ${results.skipped} skipped`];
}

/**
 * One line per failed test, from Vitest's and Playwright's JSON reports, so the tail of a CI log
 * (all that some CI pages keep) names what failed, not only how many. A Vitest file that did not
 * load is named as a file.
 */
export function failedTestLines(vitestReport, playwrightReport) {
  const lines = [];
  for (const suite of vitestReport?.testResults ?? []) {
    const file = relativeName(suite.name);
    const failed = (suite.assertionResults ?? []).filter((test) => test.status === 'failed');
    for (const test of failed) lines.push(`failed: vitest: ${file} › ${test.fullName ?? test.title}`);
    if (suite.status === 'failed' && failed.length === 0) lines.push(`failed: vitest: ${file} (did not load)`);
  }
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status === 'unexpected') lines.push(`failed: playwright [${test.projectName}]: ${spec.file}:${spec.line} › ${spec.title}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite);
  return lines;
}

function relativeName(path) {
  const at = typeof path === 'string' ? path.indexOf('/test/') : -1;
  return at >= 0 ? path.slice(at + 1) : String(path);
}
