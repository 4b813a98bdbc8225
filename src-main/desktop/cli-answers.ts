// What the app answers a command line, with only exit codes the wire can prove: a change whose answer
// is still unknown when the wait ends is "not confirmed".
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';
import { errorText } from '../../src-shared/i18n/error-words';
import { words, type Words } from '../../src-shared/i18n/messages';
import type { AppStateBody, IpcResult } from '../../src-shared/ipc/contract';
import { TEXT_LIMITS } from '../../src-shared/text/server-text';
import type { AppController } from '../app/ports';
import type { Clock } from '../core/contract';
import { EXIT, resolveCounter, type CliAnswer, type CliRequest, type ExitCode } from './command-line';

interface CliAnswerDeps {
  controller: Pick<AppController, 'getState' | 'on' | 'translator' | 'redact'>;
  /** The tray's and shortcuts' own path (electron/actions.ts); `by` absent: the counter's step. */
  move(direction: Direction, id: string, by: number | undefined): Promise<IpcResult<unknown>>;
  /** A move refused before it was sent is said by notification too: a desktop's key binding has no terminal. */
  alert(direction: Direction, text: string): void;
  clock: Clock;
  /** The longest wait for the first list at launch, and again for a change's answer. */
  waitMs: number;
}

type Scope = { counters: readonly CounterState[]; live: boolean };

const CODES: Partial<Record<string, ExitCode>> = { 'not-signed-in': EXIT.notSignedIn, 'unknown-counter': EXIT.noCounter, 'invalid-payload': EXIT.usage, invalidAmount: EXIT.usage };

/** What the running app's channel answers: a request, or a line that is not one. */
export function createCliAnswers(deps: CliAnswerDeps): { answer(request: CliRequest): Promise<CliAnswer>; malformed(): CliAnswer } {
  const { controller } = deps;
  const said = (code: ExitCode, text: Words | string, stdout = ''): CliAnswer => ({ code, stdout, stderr: typeof text === 'string' ? text : (controller.translator().say(text) ?? '') });
  const refused = (direction: Direction, code: ExitCode, text: Words | string): CliAnswer => {
    const answer = said(code, text);
    deps.alert(direction, answer.stderr);
    return answer;
  };

  /** The first non-null `decide(state)`, or null once `waitMs` passed. */
  function waitFor<T>(decide: (state: AppStateBody) => T | null): Promise<T | null> {
    const now = decide(controller.getState());
    if (now !== null) return Promise.resolve(now);
    return new Promise((resolve) => {
      const done = (value: T | null) => {
        off();
        deps.clock.clearTimeout(timer);
        resolve(value);
      };
      const off = controller.on('state:changed', () => {
        const value = decide(controller.getState());
        if (value !== null) done(value);
      });
      const timer = deps.clock.setTimeout(() => done(null), deps.waitMs);
    });
  }

  /** The running core's counters; at a launch still connecting, the last known ones once the wait is over. */
  async function scope(): Promise<Scope | CliAnswer> {
    const listed = (s: AppStateBody): Scope | 'signedOut' | null =>
      s.session.status === 'signedOut' ? 'signedOut' : s.core ? { counters: s.core.counters, live: s.core.connection.status === 'live' } : null;
    const found = await waitFor(listed);
    if (found === 'signedOut') return said(EXIT.notSignedIn, words('cli.notSignedIn'));
    if (found) return found;
    const lastKnown = controller.getState().lastKnown;
    return lastKnown ? { counters: lastKnown.counters, live: false } : said(EXIT.notConfirmed, words('cli.offline'));
  }

  /** What became of the click, once the state can tell. */
  function settled(s: AppStateBody, id: string, direction: Direction, name: string): CliAnswer | null {
    if (!s.core) return said(EXIT.notConfirmed, words('cli.queued', { name }));
    const counter = s.core.counters.find((c) => c.id === id);
    if (!counter || counter.error?.kind === 'gone') return said(EXIT.refused, words('refusal.gone', { name }));
    if (counter.refused[direction] !== undefined) return said(EXIT.refused, words('refusal.first', { direction, name }));
    if (counter.error?.kind === 'rejected') return said(EXIT.refused, words('cli.rejected', { name }));
    if (counter.error?.kind === 'unconfirmed') return said(EXIT.notConfirmed, words('cli.unconfirmed', { name }));
    if (!counter.pending && counter.waiting === undefined) return said(EXIT.done, '', `${counter.value}\n`);
    return s.core.connection.status === 'live' ? null : said(EXIT.notConfirmed, words('cli.queued', { name }));
  }

  async function move(direction: Direction, target: string, by: number | undefined): Promise<CliAnswer> {
    const found = await scope();
    if (!('counters' in found)) {
      if (found.code !== EXIT.notConfirmed) deps.alert(direction, found.stderr);
      return found;
    }
    const match = resolveCounter(target, found.counters);
    if (!match.ok) return refused(direction, EXIT.noCounter, match.words);
    const { id, name } = match.counter;
    if (match.counter.refused[direction] !== undefined) return refused(direction, EXIT.refused, words('refusal.only', { direction, name }));
    const result = await deps.move(direction, id, by);
    if (!result.ok) return refused(direction, CODES[result.error.code] ?? EXIT.refused, errorText(controller.translator(), result.error));
    return (await waitFor((s) => settled(s, id, direction, name))) ?? said(EXIT.notConfirmed, words('cli.notConfirmed', { name }));
  }

  async function answer(request: CliRequest): Promise<CliAnswer> {
    if (request.action !== 'list') {
      // Echoed in an error: through the one sanitizer, as the names it is compared with were.
      const target = controller.redact(request.counter, TEXT_LIMITS.name);
      if (request.action !== 'get') return move(request.action, target, request.by);
      const found = await scope();
      if (!('counters' in found)) return found;
      const match = resolveCounter(target, found.counters);
      if (!match.ok) return said(EXIT.noCounter, match.words);
      return found.live ? said(EXIT.done, '', `${match.counter.value}\n`) : said(EXIT.notConfirmed, words('cli.lastKnown'), `${match.counter.value}\n`);
    }
    const found = await scope();
    if (!('counters' in found)) return found;
    const today = controller.getState().activity.today;
    const counters = found.counters.map(({ id, name, type, value }) => ({ id, name, type, value, today: today[id] ?? 0 }));
    const stdout = `${JSON.stringify({ live: found.live, counters }, null, 2)}\n`;
    return found.live ? said(EXIT.done, '', stdout) : said(EXIT.notConfirmed, words('cli.lastKnown'), stdout);
  }

  return { answer, malformed: () => ({ code: EXIT.usage, stdout: '', stderr: controller.translator().t('cli.malformed') }) };
}
