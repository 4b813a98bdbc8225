// Judging "exactly once or reported" (docs/api.md R1, for every variant): the core
// may give up on a change whose outcome it cannot prove, but only by flagging it
// `unconfirmed`. These helpers collect every such flag and check that the server's value
// is explained by the clicks, with each flagged change either landed or not.
import { expect } from 'vitest';
import type { CounterCore } from '../../../src-main/core/index';
import { counter } from '../../support/core-harness';

/** Records the signed amount of every change the core reported 'unconfirmed' (onChangeOutcome), per counter. */
export function watchFlags(core: CounterCore): Map<string, number[]> {
  const flags = new Map<string, number[]>();
  core.onChangeOutcome(({ counterId, amount, outcome }) => {
    if (outcome === 'unconfirmed') flags.set(counterId, [...(flags.get(counterId) ?? []), amount]);
  });
  return flags;
}

/** Some subset of the flagged changes did not land, and nothing else differs. */
export function explainedByFlags(difference: number, flagged: readonly number[]): boolean {
  let reachable = new Set<number>([0]);
  for (const amount of flagged) reachable = new Set([...reachable, ...[...reachable].map((sum) => sum - amount)]);
  return reachable.has(difference);
}

/** The core shows the server's value; the server holds every click exactly once except flagged ones. */
export function expectLandedOrFlagged(core: CounterCore, server: number, id: string, expected: number, flags: Map<string, number[]>): void {
  const flagged = flags.get(id) ?? [];
  expect(counter(core.snapshot(), id)).toMatchObject({ value: server, pending: false });
  expect(explainedByFlags(server - expected, flagged), `server ${server}, expected ${expected}, flagged ${JSON.stringify(flagged)}`).toBe(true);
}
