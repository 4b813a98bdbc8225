// The account's activity record, goals and milestones, loaded with the first core.
import type { HistoryRange } from '../../../src-shared/domain/history';
import type { IsoWeekday } from '../../../src-shared/time/week-start';
import type { CounterCore } from '../../core/contract';
import { createActivityService } from '../activity/activity-service';
import { createFileRecordStorage, createMemoryRecordStorage, createTextRecordStorage, recordPathFor, type RecordStorage } from '../activity/record-storage';
import { createFileGoalsStorage, createMemoryGoalsStorage, goalsPathFor } from '../goals/goals-file';
import { createGoalsService } from '../goals/goals-service';
import { goalRule } from '../goals/goals-service';
import { createTextFile } from '../storage/text-file';
import type { AccountDataDeps } from './account-data';

export type AccountRecords = ReturnType<typeof createAccountRecords>;

export function createAccountRecords(deps: AccountDataDeps) {
  const { clock, timezone, changed, warn } = deps;
  const activity = createActivityService({ clock, timezone, changed, warn, notice: (body) => deps.notice({ title: 'notice.activityTitle', body }) });
  const goals = createGoalsService({
    clock,
    timezone,
    changed,
    warn,
    counters: deps.counters,
    activity,
    notice: (body) => deps.notice({ title: 'notice.goalsTitle', body }),
    announce: deps.announce,
  });

  /** The latest attach's reading of the records (today's changes, the goals). */
  let read: Promise<void> = Promise.resolve();

  return {
    activity,
    goals,
    read: (): Promise<void> => read,
    history(counterId: string, range: HistoryRange, firstDayOfWeek: IsoWeekday) {
      const goal = goals.view().goals[counterId];
      return activity.history(counterId, range, { firstDayOfWeek, goal: goal ? goalRule(goal) : null });
    },
    attach(core: CounterCore | null, owner: string | undefined): void {
      const dir = deps.dataDir;
      const records = (): RecordStorage => {
        if (owner && deps.activityFiles) return createTextRecordStorage(deps.activityFiles.forOwner(owner));
        return owner && dir ? createFileRecordStorage(recordPathFor(dir, owner)) : createMemoryRecordStorage();
      };
      read = Promise.all([
        activity.attach(core, core ? records() : null),
        goals.attach(core ? (owner && dir ? createFileGoalsStorage(createTextFile(goalsPathFor(dir, owner))) : createMemoryGoalsStorage()) : null),
      ]).then(
        () => undefined,
        () => undefined,
      );
    },
    async stop(): Promise<void> {
      await activity.stop();
      await goals.stop();
    },
  };
}
