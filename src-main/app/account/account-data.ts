// What the account keeps beside the core: the records (account-records.ts, imported with the first
// core so a launch parses none of it), the list's arrangement and a reset's undo.
import type { CounterState } from '../../../src-shared/domain/snapshot';
import { words } from '../../../src-shared/i18n/messages';
import type { Notice } from '../../../src-shared/i18n/notice';
import type { Clock, CoreOptions, CounterCore } from '../../core/contract';
import { AppError } from '../../ipc/errors';
import type { Announcement } from '../goals/goals-service';
import { accountOwnerKey } from '../offline/account-pending-store';
import type { CoreFactory, TextFile } from '../ports';
import type { AccountRecords } from './account-records';
import { createCounterReset } from './counter-reset';
import { createFileOrganiseStorage, createMemoryOrganiseStorage, organisePathFor } from '../organise/organise-file';
import { createOrganiseService } from '../organise/organise-service';
import { createTextFile } from '../storage/text-file';

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
