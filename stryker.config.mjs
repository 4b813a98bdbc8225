// StrykerJS for `npm run mutate` (scripts/mutate.mjs), one target per run: MUTATE_TARGET names
// an entry of scripts/mutation-targets.mjs; the test workers inherit it (vitest.mutate.config.ts).
// Not part of `npm test`: it takes minutes per file.
import { TARGETS } from './scripts/mutation-targets.mjs';

const name = process.env.MUTATE_TARGET ?? '';
const target = TARGETS[name];
if (!target) throw new Error(`MUTATE_TARGET must be one of ${Object.keys(TARGETS).join(', ')} (got "${name}"); run npm run mutate`);

export default {
  testRunner: 'vitest',
  // The project's config narrowed to the target's tests (vitest.mutate.config.ts says why not `testFiles`);
  // forks as in npm test; related: of those, only the files that import the mutated one.
  vitest: { configFile: 'vitest.mutate.config.ts', pool: 'forks', related: true },
  // Each mutant runs only the tests that reached it.
  coverageAnalysis: 'perTest',
  mutate: [target.file],
  // Two workers at most: the machines running it have two cores, often shared.
  concurrency: Number(process.env.MUTATE_CONCURRENCY ?? 2),
  // On top of 1.5 × the covering tests' own time: a mutant that loops or leaves a promise
  // pending for ever costs this much (and a worker restart) each, so not more.
  timeoutMS: 5_000,
  reporters: ['json', 'progress', 'clear-text'],
  jsonReporter: { fileName: `reports/mutation/${name}.json` },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  incrementalFile: `reports/mutation/incremental/${name}.json`,
  ignorePatterns: ['dist', 'release', 'test-results', 'playwright-report', 'coverage', '.tmp', 'docs/screenshots'],
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
