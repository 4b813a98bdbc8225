// What the app keeps for the account beside the core: the activity record, goals
// and milestones, groups and hidden counters, and a reset's undo. Each follows the running core: an account's
// are files in the data folder named by a digest of server and token (never the token), the
// demo's stay in memory and are forgotten with it.
import type { CounterState } from '../../../src-shared/domain/snapshot';
import type { Clock, CounterCore } from '../../core/contract';
import { accountOwnerKey } from '../offline/account-pending-store';
import { createActivityService } from '../activity/activity-service';
import { createFileRecordStorage, createMemoryRecordStorage, createTextRecordStorage, recordPathFor, type RecordStorage } from '../activity/record-storage';
import { createCounterReset } from './counter-reset';
import { createFileExtrasStorage, createMemoryExtrasStorage, extrasPathFor } from '../goals/extras-file';
import { createExtrasService, type ExtrasAnnouncement } from '../goals/extras-service';
import type { TextFile } from '../ports';
import { createFileOrganiseStorage, createMemoryOrganiseStorage, organisePathFor } from '../organise/organise-file';
import { createOrganiseService } from '../organise/organise-service';
import { createTextFile } from '../storage/text-file';
import type { Notice } from '../../../src-shared/i18n/notice';

export interface AccountDataDeps {
  clock: Clock;
  timezone(): string;
  /** What the popup or tray shows changed. */
  changed(): void;
  /** Where an account's files go; memory only when absent. */
  dataDir: string | undefined;
  /** Or the activity record in these files, one per owner key (tests that crash between writes). */
  activityFiles?: { forOwner(owner: string): TextFile };
  /** The running core's counters. */
  counters(): readonly CounterState[];
  /** Whether those are the server's list (a live core). */
  listed(): boolean;
  requireCounter(id: string): CounterCore;
  /** A file was reset: tell the user once. */
  notice(notice: Notice): void;
  warn(message: string): void;
  announce(announcement: ExtrasAnnouncement): void;
}

export type AccountData = ReturnType<typeof createAccountData>;

export function createAccountData(deps: AccountDataDeps) {
  const { clock, timezone, changed, warn } = deps;
  const activity = createActivityService({ clock, timezone, changed, warn, notice: (body) => deps.notice({ title: 'notice.activityTitle', body }) });
  const extras = createExtrasService({
    clock,
    timezone,
    changed,
    warn,
    counters: deps.counters,
    steps: (id, fromDay) => activity.steps(id, fromDay),
    activityVersion: () => activity.version(),
    notice: (body) => deps.notice({ title: 'notice.goalsTitle', body }),
    announce: deps.announce,
  });
  const organise = createOrganiseService({ clock, changed, warn, counters: deps.counters, listed: deps.listed, notice: (body) => deps.notice({ title: 'notice.organiseTitle', body }) });
  const counterReset = createCounterReset({ clock, timezone, changed, requireCounter: deps.requireCounter, edit: activity.edit });

  return {
    activity,
    extras,
    organise,
    counterReset,
    /** The running core changed (null: none); `account` names whose it is, absent for the demo. */
    attach(core: CounterCore | null, account?: { baseUrl: string; token: string }): void {
      const owner = account ? accountOwnerKey(account.baseUrl, account.token) : undefined;
      const dir = deps.dataDir;
      const records = (): RecordStorage => {
        if (owner && deps.activityFiles) return createTextRecordStorage(deps.activityFiles.forOwner(owner));
        return owner && dir ? createFileRecordStorage(recordPathFor(dir, owner)) : createMemoryRecordStorage();
      };
      void activity.attach(core, core ? records() : null);
      void extras.attach(core ? (owner && dir ? createFileExtrasStorage(createTextFile(extrasPathFor(dir, owner))) : createMemoryExtrasStorage()) : null);
      void organise.attach(core ? (owner && dir ? createFileOrganiseStorage(createTextFile(organisePathFor(dir, owner))) : createMemoryOrganiseStorage()) : null);
      counterReset.clear();
    },
    async stop(): Promise<void> {
      await activity.stop();
      await extras.stop();
      await organise.stop();
    },
  };
}
