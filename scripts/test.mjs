#!/usr/bin/env node
// Runs every check and test runner, then prints one closing line that CI reads:
// "N passed, N failed, N skipped". A skip is reported, never counted as a pass. The line
// before it names the behaviour tests apart from the tool steps
// (scripts/test-summary.mjs).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { ensureChromium } from './ensure-chromium.mjs';
import { closingLines, failedTestLines, slowestFiles, suitesThatFailedToLoad } from './test-summary.mjs';

const results = { passed: 0, failed: 0, skipped: 0 };
/** What the passed and failed tests were (scripts/test-summary.mjs). */
const kinds = { toolSteps: [], runnerFailures: 0 };
let exitCode = 0;

/** How long each step took, printed at the end with the slowest files. */
const stepTimes = [];

function run(label, command, args, env = {}) {
  console.log(`\n=== ${label}: ${command} ${args.join(' ')}`);
  const started = performance.now();
  const outcome = spawnSync(command, args, { stdio: 'inherit', env: { ...process.env, ...env } });
  stepTimes.push(`${((performance.now() - started) / 1000).toFixed(0)} s ${label}`);
  return outcome.status ?? 1;
}

/** The tool steps that failed, named again with the failed tests at the end. */
const failedSteps = [];

function check(label, command, args) {
  kinds.toolSteps.push(label);
  const status = run(label, command, args);
  if (status === 0) results.passed += 1;
  else { results.failed += 1; exitCode = 1; failedSteps.push(label); console.log(`${label} failed`); }
}

function readJson(path) {
  try { return JSON.parse(readFileSync(path, 'utf8')); } catch { return undefined; }
}

ensureChromium();
rmSync('test-results/vitest.json', { force: true });
rmSync('test-results/playwright.json', { force: true });
mkdirSync('test-results', { recursive: true });

// Static checks count as one test each: a red typecheck is a failure like any other.
check('typecheck', 'npx', ['tsc', '-p', 'tsconfig.json', '--noEmit']);
check('typecheck (renderer)', 'npx', ['tsc', '-p', 'tsconfig.renderer.json', '--noEmit']);
check('lint', 'npx', ['eslint', '--max-warnings=0', '.']);

// One click stays easy to follow: at most 40 product files run in main for it (bench/README.md).
check('click walk', 'npx', ['tsx', 'bench/click-walk.ts', '--max', '40']);

const vitestStatus = run('vitest', 'npx', ['vitest', 'run', '--reporter=default', '--reporter=json', '--outputFile.json=test-results/vitest.json']);
const vitest = readJson('test-results/vitest.json');
if (vitest) {
  results.passed += vitest.numPassedTests;
  results.failed += vitest.numFailedTests + suitesThatFailedToLoad(vitest);
  results.skipped += (vitest.numPendingTests ?? 0) + (vitest.numTodoTests ?? 0);
  kinds.runnerFailures += suitesThatFailedToLoad(vitest);
}
if (vitestStatus !== 0) {
  exitCode = 1;
  if (!vitest || vitest.numFailedTests + suitesThatFailedToLoad(vitest) === 0) {
    results.failed += 1;
    kinds.runnerFailures += 1;
    failedSteps.push(`vitest (exit ${vitestStatus}, no failed test in its report)`);
  }
}

const needsBuild = existsSync('scripts/build.mjs');
if (needsBuild) check('build', 'node', ['scripts/build.mjs']);
// Electronegativity + our own checks on what the build produced.
if (needsBuild) check('security scan', 'node', ['scripts/security-scan.mjs']);
const playwrightStatus = run('playwright', 'npx', ['playwright', 'test']);
const playwright = readJson('test-results/playwright.json');
if (playwright?.stats) {
  results.passed += playwright.stats.expected + (playwright.stats.flaky ?? 0);
  results.failed += playwright.stats.unexpected;
  results.skipped += playwright.stats.skipped;
}
for (const line of skipReasons(playwright)) console.log(line);
if (playwrightStatus !== 0) {
  exitCode = 1;
  if (!playwright?.stats || playwright.stats.unexpected === 0) {
    results.failed += 1;
    kinds.runnerFailures += 1;
    failedSteps.push(`playwright (exit ${playwrightStatus}, no failed test in its report)`);
  }
}

// One line per skipped Playwright test with its reason, so a skip is never silent.
function skipReasons(report) {
  const lines = [];
  const walk = (suite) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== 'skipped') continue;
        const reason = (test.annotations ?? []).find((a) => a.type === 'skip')?.description ?? 'no reason given';
        lines.push(`skipped: ${spec.file}: ${spec.title} — ${reason}`);
      }
    }
    for (const child of suite.suites ?? []) walk(child);
  };
  for (const suite of report?.suites ?? []) walk(suite);
  return lines;
}

// Where the time went: each step, then the ten slowest files of both runners.
console.log(`\nSteps: ${stepTimes.join(', ')}`);
console.log('The ten slowest files:');
for (const line of slowestFiles(vitest, playwright)) console.log(line);

// What failed, by name, just above the count: the part of a long log that is always kept.
for (const label of failedSteps) console.log(`failed: ${label}`);
for (const line of failedTestLines(vitest, playwright)) console.log(line);
const [breakdown, closing] = closingLines(results, kinds);
console.log(`\n${breakdown}`);
console.log(closing); // the last line: CI reads it

process.exit(exitCode);
