#!/usr/bin/env node
// `npm run mutate`: StrykerJS on the core's money paths, one file at a time against its own
// tests (scripts/mutation-targets.mjs), then one report of them all at
// reports/mutation/mutation.json and a score per file on stdout. Not part of `npm test`:
// it takes minutes per file.
//   npm run mutate                               every target
//   npm run mutate -- --only=rate-scheduler      some targets (comma-separated names)
//   npm run mutate -- --incremental              reuse the last run's results where neither file nor test changed
// The score is the strict one: killed + timed out over every mutant that ran or had
// no test (no coverage, errors included); only mutants disabled with a reasoned
// `// Stryker disable` comment are left out, as Stryker itself does.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { TARGETS } from './mutation-targets.mjs';

const REPORT_DIR = 'reports/mutation';
const args = process.argv.slice(2);
const only = args.find((arg) => arg.startsWith('--only='))?.slice('--only='.length).split(',').filter(Boolean);
const incremental = args.includes('--incremental');
const unknown = (only ?? []).filter((name) => !(name in TARGETS));
if (unknown.length > 0) {
  console.error(`Unknown target(s): ${unknown.join(', ')}. Known: ${Object.keys(TARGETS).join(', ')}`);
  process.exit(2);
}

mkdirSync(REPORT_DIR, { recursive: true });
let exitCode = 0;
for (const name of only ?? Object.keys(TARGETS)) {
  console.log(`\n=== mutate ${name}: ${TARGETS[name].file} against ${TARGETS[name].tests.join(', ')}`);
  const outcome = spawnSync('npx', ['stryker', 'run', 'stryker.config.mjs', ...(incremental ? ['--incremental'] : [])], {
    stdio: 'inherit',
    env: { ...process.env, MUTATE_TARGET: name },
  });
  if (outcome.status !== 0) {
    console.error(`mutate ${name} failed (exit ${outcome.status})`);
    exitCode = 1;
  }
}

// One report of every target's latest run: the per-target reports share the schema, and each names only its own file.
const reports = Object.keys(TARGETS)
  .map((name) => `${REPORT_DIR}/${name}.json`)
  .filter((path) => existsSync(path))
  .map((path) => JSON.parse(readFileSync(path, 'utf8')));
if (reports.length === 0) process.exit(exitCode || 1);
const merged = {
  ...reports[0],
  files: Object.assign({}, ...reports.map((report) => report.files)),
  testFiles: Object.assign({}, ...reports.map((report) => report.testFiles ?? {})),
};
writeFileSync(`${REPORT_DIR}/mutation.json`, JSON.stringify(merged));

const DETECTED = new Set(['Killed', 'Timeout']);
const rows = Object.entries(merged.files).map(([file, { mutants }]) => {
  const count = (status) => mutants.filter((mutant) => mutant.status === status).length;
  const counted = mutants.filter((mutant) => mutant.status !== 'Ignored');
  const detected = counted.filter((mutant) => DETECTED.has(mutant.status)).length;
  return {
    file,
    score: counted.length === 0 ? 100 : (100 * detected) / counted.length,
    killed: count('Killed'),
    timeout: count('Timeout'),
    survived: count('Survived'),
    noCoverage: count('NoCoverage'),
    errors: count('RuntimeError') + count('CompileError'),
    ignored: count('Ignored'),
  };
});
console.log(`\nMutation score per file (killed + timed out over all mutants but the disabled ones); report: ${REPORT_DIR}/mutation.json`);
console.log('| File | Score | Killed | Timed out | Survived | No coverage | Errors | Disabled |');
console.log('|---|---|---|---|---|---|---|---|');
for (const row of rows.sort((a, b) => a.file.localeCompare(b.file))) {
  console.log(`| ${row.file} | ${row.score.toFixed(1)} % | ${row.killed} | ${row.timeout} | ${row.survived} | ${row.noCoverage} | ${row.errors} | ${row.ignored} |`);
}
process.exit(exitCode);
