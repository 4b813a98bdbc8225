// The Wayland fallback for global shortcuts: users bind `counter-tray --increment "<counter>"` in
// their desktop's settings; the new process hands its argv to the running one (`second-instance`).
import type { CounterState } from '../../src-shared/domain/snapshot';
import { words, type Words } from '../../src-shared/i18n/messages';

export type CommandLineAction =
  | { kind: 'increment'; target: string }
  | { kind: 'decrement'; target: string }
  | { kind: 'open' };

const VALUE_FLAGS = ['increment', 'decrement'] as const;

/** Anywhere in argv (Chromium inserts its own switches); the last action wins. */
export function parseCommandLine(argv: readonly string[]): CommandLineAction | null {
  let action: CommandLineAction | null = null;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--open') {
      action = { kind: 'open' };
      continue;
    }
    for (const flag of VALUE_FLAGS) {
      const inline = `--${flag}=`;
      if (arg.startsWith(inline)) {
        const target = arg.slice(inline.length).trim();
        if (target) action = { kind: flag, target };
      } else if (arg === `--${flag}`) {
        const next = argv[i + 1];
        if (next !== undefined && !next.startsWith('--') && next.trim() !== '') {
          action = { kind: flag, target: next.trim() };
          i += 1;
        }
      }
    }
  }
  return action;
}

export type CounterMatch = { ok: true; counter: CounterState } | { ok: false; words: Words };

/** An id, else a name (any case), else a unique prefix (not with `exact`: links): ambiguity is an error, never a guess. */
export function resolveCounter(target: string, counters: readonly CounterState[], options: { exact?: boolean } = {}): CounterMatch {
  const byId = counters.find((c) => c.id.toLowerCase() === target.toLowerCase());
  if (byId) return { ok: true, counter: byId };
  const wanted = target.toLocaleLowerCase();
  const named = counters.filter((c) => c.name.toLocaleLowerCase() === wanted);
  const candidates = named.length > 0 || options.exact ? named : counters.filter((c) => c.name.toLocaleLowerCase().startsWith(wanted));
  if (candidates.length === 1 && candidates[0]) return { ok: true, counter: candidates[0] };
  if (candidates.length === 0) return { ok: false, words: words('cli.noCounter', { target }) };
  return { ok: false, words: words('cli.ambiguous', { target, count: candidates.length, names: candidates.map((c) => c.name).join(', ') }) };
}

/** The in-process reference service. */
export const DEMO_FLAG = '--demo';
export const wantsDemo = (argv: readonly string[]): boolean => argv.includes(DEMO_FLAG);
