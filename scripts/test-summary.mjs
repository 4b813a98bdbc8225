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

/**
 * The `n` files that took longest, from both runners' reports (a Vitest file from its start to
 * its end; a Playwright file as the sum of its tests' runs, per project), longest first.
 */
export function slowestFiles(vitestReport, playwrightReport, n = 10) {
  const files = [];
  for (const suite of vitestReport?.testResults ?? []) {
    if (Number.isFinite(suite.startTime) && Number.isFinite(suite.endTime)) files.push({ name: `vitest: ${relativeName(suite.name)}`, ms: suite.endTime - suite.startTime });
  }
  const byFile = new Map();
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        const key = `playwright [${test.projectName}]: ${spec.file}`;
        const ms = (test.results ?? []).reduce((sum, result) => sum + (result.duration ?? 0), 0);
        byFile.set(key, (byFile.get(key) ?? 0) + ms);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of playwrightReport?.suites ?? []) walk(suite);
  for (const [name, ms] of byFile) files.push({ name, ms });
  return files
    .sort((a, b) => b.ms - a.ms)
    .slice(0, n)
    .map((file) => `${(file.ms / 1000).toFixed(1).padStart(6)} s  ${file.name}`);
}
