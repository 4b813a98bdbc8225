// The seeds of the property tests (a vitest setup file): fixed, so `npm test` and CI fail only on
// a case some run met before; `npm run test:explore` draws a new one. A test that pins its own
// seed keeps it. Replay a failure: PROPERTY_SEED=<seed> npx vitest run <file>.
import fc from 'fast-check';

/** The seed of every run that neither explores nor replays. */
const FIXED_SEED = 20_261_128;

function seedFromEnv(): number | undefined {
  const raw = process.env.PROPERTY_SEED?.trim();
  if (!raw) return undefined;
  const seed = Number(raw);
  if (!Number.isSafeInteger(seed)) throw new Error(`PROPERTY_SEED must be an integer, not "${raw}"`);
  return seed;
}

/** This run's seed: PROPERTY_SEED (a new one from test:explore, or a failure's to replay), else the fixed one. */
export const PROPERTY_SEED = seedFromEnv() ?? FIXED_SEED;

/** Seeds that once failed, each with the case (`path`) that failed: the property that found it replays that case on every run. */
export const ONCE_FAILED = {
  /**
   * test/hardening/outcomes.model.test.ts, the core: five of Ada's requests within 877 ms across
   * a restart. A change sent as the old run quit, held by a slow front, reached the server in the
   * new run's first second, which cannot know of it: pacing is per run since (test/hardening/README.md).
   */
  restartOverlap: { seed: 564_668_449, path: '1' },
  /**
   * test/main/app/activity/activity-service.test.ts: an undo that withdrew part of an unsent
   * click recorded a breakdown that did not add up (fixed in dd9d62a, with an example test).
   */
  partialUndo: { seed: -263_123_489, path: '81' },
} as const;

fc.configureGlobal({ ...fc.readConfigureGlobal(), seed: PROPERTY_SEED });
