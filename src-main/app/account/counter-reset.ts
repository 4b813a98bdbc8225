// Reset to 0 and start again: our own PATCH through the core's update (its echo is ours), undone for a
// minute by PATCHing the earlier value back; a counter that moved since is not overwritten: 'changed'.
import type { ResetOffer, UndoResetChoice, UndoResetResult } from '../../../src-shared/domain/goals';
import type { CounterState } from '../../../src-shared/domain/snapshot';
import type { Clock, CounterCore } from '../../core/contract';
import { AppError } from '../../ipc/errors';
import { words } from '../../../src-shared/i18n/messages';
import type { ActivityService } from '../activity/activity-service';
import { dayKey } from '../activity/days';
import { createLapsingOffer } from '../activity/offers';

const RESET_UNDO_MS = 60_000;

interface CounterResetDeps {
  clock: Clock;
  timezone(): string;
  requireCounter(id: string): CounterCore;
  edit: ActivityService['edit'];
  changed(): void;
}

interface Offer {
  counterId: string;
  kind: ResetOffer['kind'];
  earlier: number | string;
  /** Anything else now means the counter moved since. */
  after: number | string;
  expiresAt: number;
}

const fieldOf = (counter: CounterState, kind: ResetOffer['kind']) => (kind === 'reset' ? counter.value : counter.startDate);

export function createCounterReset(deps: CounterResetDeps) {
  const offers = createLapsingOffer<Offer>(deps.clock, () => deps.changed());
  const setOffer = (next: Offer | null) => offers.set(next);
  let shown: { offer: Offer; view: ResetOffer } | undefined;

  function counterOf(id: string): { core: CounterCore; counter: CounterState } {
    const core = deps.requireCounter(id);
    const counter = core.snapshot().counters.find((c) => c.id === id);
    if (!counter) throw new AppError('unknown-counter', words('counter.gone'));
    return { core, counter };
  }

  /** The core reports the edit to the activity record. */
  async function patch(core: CounterCore, id: string, kind: ResetOffer['kind'], to: number | string): Promise<void> {
    await deps.edit(id, () => core.update(id, kind === 'reset' ? { value: to as number } : { startDate: to as string }));
  }

  return {
    async reset(id: string): Promise<void> {
      const { core, counter } = counterOf(id);
      if (counter.type === 'ToDate') throw new AppError('invalid-payload', words('error.resetToDate'));
      // Unsent clicks would land on top of the reset and leave neither value.
      if (counter.pending) throw new AppError('busy', words('error.busy'));
      const kind = counter.type === 'UpDown' ? 'reset' : 'startAgain';
      const earlier = fieldOf(counter, kind);
      const after = kind === 'reset' ? 0 : dayKey(deps.clock.now(), deps.timezone());
      if (earlier === undefined) throw new AppError('unknown-counter', words('error.noStartDate'));
      if (earlier === after) throw new AppError('nothing-to-reset', kind === 'reset' ? words('error.atZeroAlready') : words('error.startsTodayAlready'));
      await patch(core, id, kind, after);
      setOffer({ counterId: id, kind, earlier, after, expiresAt: deps.clock.now() + RESET_UNDO_MS });
    },

    async undo(id: string, choice: UndoResetChoice): Promise<UndoResetResult> {
      const offer = offers.current;
      if (!offer || offer.counterId !== id || offer.expiresAt <= deps.clock.now()) throw new AppError('nothing-to-undo', words('error.noResetToUndo'));
      if (choice === 'keep') {
        setOffer(null);
        return { status: 'kept' };
      }
      const { core, counter } = counterOf(id);
      const now = fieldOf(counter, offer.kind);
      // A value with unsent clicks in it is not the server's yet: changed too.
      const moved = now !== offer.after || counter.pending;
      if (moved && choice !== 'overwrite') return { status: 'changed', current: now ?? offer.after, earlier: offer.earlier };
      await patch(core, id, offer.kind, offer.earlier);
      if (offers.current === offer) setOffer(null);
      return { status: 'restored' };
    },

    /** With the counter's current name. */
    offer(counters: readonly CounterState[]): ResetOffer | null {
      const offer = offers.current;
      if (!offer) return null;
      const counter = counters.find((c) => c.id === offer.counterId);
      if (!counter) return null;
      // The same object until the offer or the name changes.
      if (shown?.offer !== offer || shown.view.name !== counter.name) {
        shown = { offer, view: { counterId: offer.counterId, name: counter.name, kind: offer.kind, earlier: offer.earlier, expiresAt: offer.expiresAt } };
      }
      return shown.view;
    },

    /** An offer never carries over to another account. */
    clear() {
      if (offers.current) setOffer(null);
    },
  };
}

export type CounterReset = ReturnType<typeof createCounterReset>;
