// Run counts and seeds for the hardening suite. CI uses the small defaults and the fixed seed; a
// longer hunt raises them, e.g. `HARDENING_MODEL_RUNS=40 HARDENING_FUZZ_RUNS=5000 npm run test:explore -- test/hardening`.
// A failure prints its seed; `PROPERTY_SEED=<seed>` (or `HARDENING_SEED`) replays it.
import { PROPERTY_SEED } from '../../support/property-seeds';

export function envInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isSafeInteger(value)) throw new Error(`${name} must be an integer, not "${raw}"`);
  return value;
}

/** The seed of this test file (each prints its own): the run's property seed unless HARDENING_SEED says otherwise. */
export const SEED = envInt('HARDENING_SEED', PROPERTY_SEED);

/** Inputs per fuzz target. */
export const FUZZ_RUNS = envInt('HARDENING_FUZZ_RUNS', 300);

/** Resolves after `ms` of real time: the model test drives a real network, so user pacing is real time. */
export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Rejects with a clear message when `promise` takes longer than `ms`. */
export async function within<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`Timed out after ${ms} ms: ${what}`)), ms);
  });
  try {
    return await Promise.race([promise, timeout]);
  } finally {
    clearTimeout(timer);
  }
}
