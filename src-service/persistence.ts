// `--state FILE`: the counters and revoked tokens, written after every applied change by
// write-temp-then-rename, so a kill -9 at any moment leaves either the old or the new
// file, never a torn one.
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import { z } from 'zod';
import { FixturesError, loadFixtures } from './fixtures';
import type { LoadedFixtures } from './fixtures';
import type { PersistedState } from './store';

const StateFile = z.object({ version: z.literal(1), counters: z.array(z.unknown()), revokedTokens: z.array(z.string()) });

/** The saved state, checked against the fixtures' users; undefined when there is no file yet. */
export function loadState(path: string, fixtures: LoadedFixtures): PersistedState | undefined {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw e;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    throw new FixturesError(`State file ${path} is not valid JSON`);
  }
  const parsed = StateFile.safeParse(json);
  if (!parsed.success) throw new FixturesError(`State file ${path} has the wrong shape: ${parsed.error.issues[0]?.message ?? ''}`);
  // The same checks as a fixtures file: the saved counters must name known users.
  const checked = loadFixtures({ users: fixtures.users, counters: parsed.data.counters });
  return { counters: checked.counters, revokedTokens: parsed.data.revokedTokens };
}

export function saveState(path: string, state: PersistedState): void {
  const temp = `${path}.${process.pid}.tmp`;
  const fd = openSync(temp, 'w');
  try {
    try {
      writeSync(fd, JSON.stringify({ version: 1, ...state }, null, 2));
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(temp, path);
  } catch (e) {
    rmSync(temp, { force: true });
    throw e;
  }
}
