// Why a +/− is off, in the user's words. The server's own text ("decrement is not
// allowed", mode names) is detail: a refused direction means the counter only goes the other way.
import type { CounterState, Direction } from '../../src-shared/domain/snapshot';

export function refusalReason(counter: CounterState, direction: Direction): string | undefined {
  if (counter.error?.kind === 'gone') return `${counter.name} is no longer shared with you.`;
  if (counter.refused[direction] === undefined) return undefined;
  return direction === 'decrement' ? `${counter.name} only counts up.` : `${counter.name} only counts down.`;
}

/** Told once, when the server first refuses a change: "Push-ups this week only counts up; the −1 was not made." */
export function refusedText(name: string, direction: Direction): string {
  return `${name} only counts ${direction === 'decrement' ? 'up; the −1' : 'down; the +1'} was not made.`;
}
