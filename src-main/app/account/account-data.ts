// What the account keeps beside the core: its records (loaded with the first core), the list's
// arrangement, and reset / start again with its minute of undo.
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { words } from '../../../src-shared/i18n/messages';
import type { Notice } from '../../../src-shared/i18n/notice';
import type { Clock, CoreOptions, CounterCore } from '../../core/contract';
import { AppError } from '../../ipc/errors';
import type { Announcement } from '../goals/goals-service';
import { accountOwnerKey } from '../offline/account-pending-store';
import type { CoreFactory, TextFile } from '../ports';
import type { AccountRecords } from './account-records';
import { createFileOrganiseStorage, createMemoryOrganiseStorage, organisePathFor } from '../organise/organise-file';
import { createOrganiseService } from '../organise/organise-service';
import { createTextFile } from '../storage/text-file';
import type { ResetOffer, UndoResetChoice, UndoResetResult } from '../../../src-shared/domain/goals';
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

export interface AccountDataDeps {
  clock: Clock;
  timezone(): string;
  changed(): void;
  /** Memory only when absent. */
  dataDir: string | undefined;
  /** Or these, one per owner key (tests that crash between writes). */
  activityFiles?: { forOwner(owner: string): TextFile };
  counters(): readonly CounterState[];
  /** Whether those are the server's list (a live core). */
  listed(): boolean;
  requireCounter(id: string): CounterCore;
  notice(notice: Notice): void;
  warn(message: string): void;
  announce(announcement: Announcement): void;
  /** Their chunk, unless a test counts the loads. */
  loadRecords?: () => Promise<{ createAccountRecords(deps: AccountDataDeps): AccountRecords }>;
}

export type { AccountRecords };

export function createAccountData(deps: AccountDataDeps) {
  const load = deps.loadRecords ?? (() => import('./account-records'));
  let records: AccountRecords | null = null;
  let loading: Promise<AccountRecords> | null = null;
  const organise = createOrganiseService({ clock: deps.clock, changed: deps.changed, warn: deps.warn, counters: deps.counters, listed: deps.listed, notice: (body) => deps.notice({ title: 'notice.organiseTitle', body }) });
  const counterReset = createCounterReset({
    clock: deps.clock,
    timezone: deps.timezone,
    changed: deps.changed,
    requireCounter: deps.requireCounter,
    // requireCounter comes first, and a core means the records are there.
    edit: (id, run) => required().activity.edit(id, run),
  });

  function required(): AccountRecords {
    if (!records) throw new AppError('not-signed-in', words('error.notSignedIn'));
    return records;
  }

  return {
    organise,
    counterReset,
  /** Once; a failed load is tried again by the next core. */
    prepare(): Promise<AccountRecords> {
      loading ??= load().then(
        ({ createAccountRecords }) => (records ??= createAccountRecords(deps)),
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
  /** Null before the first core. */
    loaded: (): AccountRecords | null => records,
    required,
    attach(core: CounterCore | null, account?: { baseUrl: string; token: string }): void {
      // A core that came without prepare() would lose activity.
      if (core && !records) throw new Error('A core was attached before the account records were loaded.');
      const owner = account ? accountOwnerKey(account.baseUrl, account.token) : undefined;
      records?.attach(core, owner);
      void organise.attach(core ? (owner && deps.dataDir ? createFileOrganiseStorage(createTextFile(organisePathFor(deps.dataDir, owner))) : createMemoryOrganiseStorage()) : null);
      counterReset.clear();
    },
    async stop(): Promise<void> {
      await loading?.catch(() => undefined);
      await records?.stop();
      await organise.stop();
    },
  };
}

/** No core before the account's records are loaded (read in parallel with the core's chunk); a launch parses none of them. */
export function coreAfterRecords(factory: CoreFactory, prepare: () => Promise<unknown>): (options: CoreOptions) => Promise<CounterCore> {
  return async (options) => {
    const records = prepare();
    // A failed load must not count as unhandled before the core is made.
    records.catch(() => undefined);
    const core = await factory(options);
    try {
      await records;
    } catch (error) {
      await core.stop();
      throw error;
    }
    return core;
  };
}
