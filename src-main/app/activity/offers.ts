// Offers to take a change back, each lapsing on its own. The undo offer holds the net of a counter's
// own clicks until 10 s pass without another; whether the opposite direction is allowed is read from
// the core's `refused` flags whenever it is shown, so a refusal learned later blocks it at once.
import type { ClickSource, UndoOffer } from '../../../src-shared/domain/activity';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import type { Clock } from '../../core/contract';

export const UNDO_WINDOW_MS = 10_000;

export interface PendingUndo {
  counterId: string;
  amount: number;
  source: ClickSource;
  expiresAt: number;
}

/** Undo clicks never make one. */
export function afterClick(current: PendingUndo | null, counterId: string, source: ClickSource, amount: number, now: number, windowMs = UNDO_WINDOW_MS): PendingUndo | null {
  const base = current && current.counterId === counterId && current.expiresAt > now ? current.amount : 0;
  const net = base + amount;
  return net === 0 ? null : { counterId, amount: net, source, expiresAt: now + windowMs };
}

export function undoBlockedBecause(counter: Pick<CounterState, 'name' | 'refused' | 'error'>, amount: number): string | undefined {
  if (counter.error?.kind === 'gone') return `${counter.name} is no longer shared with you.`;
  const opposite = amount > 0 ? 'decrement' : 'increment';
  const refused = counter.refused[opposite];
  if (refused === undefined) return undefined;
  return `Cannot undo: ${counter.name} only counts ${amount > 0 ? 'up' : 'down'} (the server said: ${refused})`;
}

export function presentOffer(pending: PendingUndo | null, counters: readonly CounterState[]): UndoOffer | null {
  if (!pending) return null;
  const counter = counters.find((c) => c.id === pending.counterId);
  if (!counter) return null;
  const blocked = undoBlockedBecause(counter, pending.amount);
  return { ...pending, name: counter.name, ...(blocked ? { blockedBecause: blocked } : {}) };
}

/** One offer at a time: setting another replaces it and its timer; every change, the lapse included, is reported. */
export function createLapsingOffer<T extends { expiresAt: number }>(clock: Clock, changed: () => void) {
  let current: T | null = null;
  let timer: unknown;
  const stopTimer = () => {
    if (timer !== undefined) clock.clearTimeout(timer);
    timer = undefined;
  };
  return {
    get current(): T | null {
      return current;
    },
    set(next: T | null) {
      stopTimer();
      current = next;
      if (next) {
        timer = clock.setTimeout(() => {
          timer = undefined;
          current = null;
          changed();
        }, Math.max(0, next.expiresAt - clock.now()));
      }
      changed();
    },
    /** The app is stopping: dropped without a report. */
    dispose() {
      stopTimer();
      current = null;
    },
  };
}
