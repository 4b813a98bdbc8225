// Vitest for `npm run mutate` (stryker.config.mjs): the project's config with only the tests
// of one mutation target (MUTATE_TARGET, scripts/mutation-targets.mjs). The tests are narrowed
// here rather than with Stryker's own `testFiles` option: with it, StrykerJS 10.1 switches a
// static mutant (code that runs while its module loads) on only after the module loaded, so
// such a mutant always "survives" (https://github.com/stryker-mutator/stryker-js/issues/6144).
import { defineConfig } from 'vitest/config';
import base from './vitest.config';
import { TARGETS } from './scripts/mutation-targets.mjs';

const target = TARGETS[process.env.MUTATE_TARGET ?? ''];
if (!target) throw new Error(`MUTATE_TARGET must be one of ${Object.keys(TARGETS).join(', ')}; run npm run mutate`);

// A test left waiting on a promise a mutant never settles fails after 5 s (killed) instead of
// running into Stryker's own timeout, which costs a restart of the test worker; tests that set
// their own time limit keep it.
export default defineConfig({ ...base, test: { ...base.test, include: target.tests, testTimeout: 5_000 } });
