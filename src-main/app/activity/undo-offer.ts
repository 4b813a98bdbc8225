// The one own change that can still be taken back (the net of a counter's clicks until 10 s pass
// without another). Whether the opposite direction is allowed is read from the core's `refused`
// flags whenever the offer is shown, so a refusal learned later blocks it at once.
import type { ClickSource, UndoOffer } from '../../../src-shared/domain/activity';
import type { CounterState } from '../../../src-shared/domain/snapshot';

export const UNDO_WINDOW_MS = 10_000;

export interface PendingUndo {
  counterId: string;
  amount: number;
  source: ClickSource;
  expiresAt: number;
}

/** The offer after an own click (undo clicks never make one). */
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
