// The command line scripts call (docs/command-line.md): argv → one request for the running app's channel.
import { z } from 'zod';
import type { CounterState } from '../../src-shared/domain/snapshot';
import { words, type Words } from '../../src-shared/i18n/messages';
import { sanitizeServerText, TEXT_LIMITS } from '../../src-shared/text/server-text';

/** docs/command-line.md; 64 and 69 are sysexits.h's EX_USAGE and EX_UNAVAILABLE. */
export const EXIT = { done: 0, noCounter: 2, notSignedIn: 3, refused: 4, notConfirmed: 5, usage: 64, unavailable: 69 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** The API takes any whole amount from 1 (docs/api.md §8); a number keeps it exactly up to here. */
const MAX_BY = Number.MAX_SAFE_INTEGER;
/** Digits only (no sign, exponent or fraction); a safe integer has at most 16. */
export const BY_PATTERN = /^[0-9]{1,16}$/;
const Target = z.string().trim().min(1).max(TEXT_LIMITS.name);
const Move = z.enum(['increment', 'decrement']);

/** Exactly what a command line may ask: no token, no setting, nothing the popup may not ask either. */
export const CliRequest = z.discriminatedUnion('action', [
  z.strictObject({ action: Move, counter: Target, by: z.int().min(1).max(MAX_BY).optional() }),
  z.strictObject({ action: z.literal('get'), counter: Target }),
  z.strictObject({ action: z.literal('list') }),
]);
export type CliRequest = z.infer<typeof CliRequest>;

/** A megabyte holds the list of thousands of counters; the error line is one message. */
export const ANSWER_MAX = 1 << 20;
export const CliAnswer = z.strictObject({
  code: z.union(Object.values(EXIT).map((code) => z.literal(code))),
  stdout: z.string().max(ANSWER_MAX),
  stderr: z.string().max(2 * TEXT_LIMITS.message),
});
export type CliAnswer = { code: ExitCode; stdout: string; stderr: string };

export type CommandLine = { kind: 'none' } | { kind: 'open' } | { kind: 'cli'; request: CliRequest } | { kind: 'usage'; words: Words };

const VALUE_FLAGS = ['increment', 'decrement', 'get', 'by'] as const;
type ValueFlag = (typeof VALUE_FLAGS)[number];
/** What a user typed, echoed in an error: cut and cleaned like server text. */
const echo = (text: string) => sanitizeServerText(text, { maxLength: 40 });

/** Anywhere in argv (Chromium inserts its own switches); a script's call must be unambiguous, so a second action is a usage error. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  const values = new Map<ValueFlag, string | null>();
  let json = false;
  let open = false;
  let actions = 0;
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--open') open = true;
    if (arg === '--json') {
      json = true;
      actions += 1;
    }
    for (const flag of VALUE_FLAGS) {
      let value: string | null | undefined;
      if (arg.startsWith(`--${flag}=`)) value = arg.slice(flag.length + 3);
      else if (arg === `--${flag}`) {
        const next = argv[i + 1];
        value = next === undefined || next.startsWith('--') ? null : next;
        if (value !== null) i += 1;
      }
      if (value === undefined) continue;
      if (flag !== 'by') actions += 1;
      values.set(flag, value);
    }
  }
  if (actions === 0) return values.has('by') ? usage(words('cli.byWithoutMove')) : { kind: open ? 'open' : 'none' };
  if (actions > 1) return usage(words('cli.oneAction'));
  if (json) return values.has('by') ? usage(words('cli.byWithoutMove')) : { kind: 'cli', request: { action: 'list' } };
  const [action, target] = [...values].find(([flag]) => flag !== 'by') ?? [];
  if (!action || action === 'by') return usage(words('cli.oneAction'));
  const counter = Target.safeParse(target ?? '');
  if (!counter.success) return usage(words('cli.needsCounter', { flag: `--${action}`, max: TEXT_LIMITS.name }));
  if (action === 'get') return values.has('by') ? usage(words('cli.byWithoutMove')) : { kind: 'cli', request: { action, counter: counter.data } };
  if (!values.has('by')) return { kind: 'cli', request: { action, counter: counter.data } };
  const by = parseBy(values.get('by') ?? '');
  return by === null ? usage(words('cli.badBy', { value: echo(values.get('by') ?? ''), max: MAX_BY })) : { kind: 'cli', request: { action, counter: counter.data, by } };
}

const usage = (said: Words): CommandLine => ({ kind: 'usage', words: said });

function parseBy(text: string): number | null {
  if (!BY_PATTERN.test(text)) return null;
  const by = Number(text);
  return by >= 1 && by <= MAX_BY ? by : null;
}

/** The app the launcher starts: the same argv without the command line's own flags, and without a popup. */
export function launchArguments(argv: readonly string[]): string[] {
  const kept: string[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] ?? '';
    if (arg === '--json') continue;
    const flag = VALUE_FLAGS.find((name) => arg === `--${name}` || arg.startsWith(`--${name}=`));
    if (flag === undefined) kept.push(arg);
    else if (arg === `--${flag}` && argv[i + 1] !== undefined && !argv[i + 1]?.startsWith('--')) i += 1;
  }
  return kept;
}

type CounterMatch = { ok: true; counter: CounterState } | { ok: false; words: Words };

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
