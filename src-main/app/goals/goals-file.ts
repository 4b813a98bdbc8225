// Goals, milestone mutes and what was announced: one file per account, or memory for the demo.
import { z } from 'zod';
import { CounterId } from '../../../src-shared/api/schemas';
import { Goal } from '../../../src-shared/domain/goals';
import { accountFilePath, createAccountJsonFile, createMemoryAccountFile, type AccountJsonFile } from '../storage/account-json-file';
import type { TextFile } from '../ports';

/** More than anyone keeps; a file beyond it was not written by this app. */
const MAX_GOALS = 5_000;
/** Older ones are pruned long before. */
const MAX_KEYS = 32;

const At = z.int().min(0).max(8.64e15);
/** Per kind of period: an instant, not a day's name, since the same steps fall on another day in another zone. */
const GoalAnnounced = z.object({ day: At.optional(), week: At.optional(), month: At.optional() });
/** "FromDate:2024-02-29:2026-11-23": counter type, its date, the milestone's day. */
const MilestoneKey = z.string().regex(/^(FromDate|ToDate):\d{4}-\d{2}-\d{2}:\d{4}-\d{2}-\d{2}$/);

const capped = <T extends z.ZodType>(value: T) => z.record(CounterId, value).refine((r) => Object.keys(r).length <= MAX_GOALS, { message: `at most ${MAX_GOALS} counters` });

export const GoalsFile = z.object({
  format: z.literal('counter-tray-goals'),
  version: z.literal(1),
  goals: capped(Goal),
  milestonesMuted: z.array(CounterId).max(MAX_GOALS),
  announced: z.object({
    goals: capped(GoalAnnounced),
    milestones: capped(z.array(MilestoneKey).max(MAX_KEYS)),
  }),
});
export type GoalsFile = z.infer<typeof GoalsFile>;
export { MAX_KEYS };

export const emptyGoals = (): GoalsFile => ({ format: 'counter-tray-goals', version: 1, goals: {}, milestonesMuted: [], announced: { goals: {}, milestones: {} } });

export type GoalsStorage = AccountJsonFile<GoalsFile, GoalsFile>;

export function goalsPathFor(dir: string, ownerKey: string): string {
  return accountFilePath(dir, 'goals', ownerKey);
}

export function createMemoryGoalsStorage(): GoalsStorage {
  return createMemoryAccountFile(emptyGoals);
}

export function createFileGoalsStorage(file: TextFile): GoalsStorage {
  return createAccountJsonFile(file, {
    schema: GoalsFile,
    fresh: emptyGoals,
    fromFile: (data) => data,
    unreadable: (i18n) => i18n.t('notice.goalsUnreadable'),
    reset: (i18n) => i18n.t('notice.goalsReset'),
  });
}
