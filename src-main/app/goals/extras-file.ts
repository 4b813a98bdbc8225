// Where goals and milestone state live: one file per account in the app's data folder
// (goals-<digest>.json), or memory for the demo; storage/account-json-file.ts reads, checks
// and resets it like the account's other files (a bad one: no goals, the user told once).
// It also remembers which goals and milestones were announced, so
// each is announced once across restarts and changes of time zone.
import { z } from 'zod';
import { CounterId } from '../../../src-shared/api/schemas';
import { Goal } from '../../../src-shared/domain/goals';
import { accountFilePath, createAccountJsonFile, createMemoryAccountFile, type AccountJsonFile } from '../storage/account-json-file';
import type { TextFile } from '../ports';
import type { Said } from '../../../src-shared/i18n/notice';

/** More goals than any person keeps; a file beyond it was not written by this app. */
export const MAX_GOALS = 5_000;
/** Announced keys kept per counter (older ones are pruned long before). */
const MAX_KEYS = 32;

/** An instant a Date can hold: the period holding it is worked out. */
const At = z.int().min(0).max(8.64e15);
/**
 * When a goal was last announced, per kind of period: the period in force now holds that
 * instant (in whatever zone is in force now) or it was not announced yet. An instant, not
 * a day's name: the same steps fall on another day in another zone, and must not be
 * announced there again.
 */
export const GoalAnnounced = z.object({ day: At.optional(), week: At.optional(), month: At.optional() });
/** "FromDate:2024-02-29:2026-11-23": counter type, its date, the milestone's day. */
export const MilestoneKey = z.string().regex(/^(FromDate|ToDate):\d{4}-\d{2}-\d{2}:\d{4}-\d{2}-\d{2}$/);

const capped = <T extends z.ZodType>(value: T) => z.record(CounterId, value).refine((r) => Object.keys(r).length <= MAX_GOALS, { message: `at most ${MAX_GOALS} counters` });

export const ExtrasFile = z.object({
  format: z.literal('counter-tray-goals'),
  version: z.literal(1),
  goals: capped(Goal),
  milestonesMuted: z.array(CounterId).max(MAX_GOALS),
  announced: z.object({
    goals: capped(GoalAnnounced),
    milestones: capped(z.array(MilestoneKey).max(MAX_KEYS)),
  }),
});
export type ExtrasFile = z.infer<typeof ExtrasFile>;
export { MAX_KEYS };

export const emptyExtras = (): ExtrasFile => ({ format: 'counter-tray-goals', version: 1, goals: {}, milestonesMuted: [], announced: { goals: {}, milestones: {} } });

export interface ExtrasLoad {
  data: ExtrasFile;
  /** Set when the file could not be used and was backed up and reset: tell the user once. */
  notice?: Said;
}

export interface ExtrasStorage {
  load(): Promise<ExtrasLoad>;
  save(data: ExtrasFile): Promise<void>;
}

/** One file per account, named by the owner key (a digest of server and token). */
export function extrasPathFor(dir: string, ownerKey: string): string {
  return accountFilePath(dir, 'goals', ownerKey);
}

function asExtrasStorage(file: AccountJsonFile<ExtrasFile, ExtrasFile>): ExtrasStorage {
  return {
    async load() {
      const { value, notice } = await file.load();
      return { data: value, ...(notice ? { notice } : {}) };
    },
    save: (data) => file.save(data),
  };
}

/** The demo's: nothing leaves memory. */
export function createMemoryExtrasStorage(): ExtrasStorage {
  return asExtrasStorage(createMemoryAccountFile(emptyExtras));
}

export function createFileExtrasStorage(file: TextFile): ExtrasStorage {
  return asExtrasStorage(
    createAccountJsonFile(file, {
      schema: ExtrasFile,
      fresh: emptyExtras,
      fromFile: (data) => data,
      unreadable: (i18n) => i18n.t('notice.goalsUnreadable'),
      reset: (i18n) => i18n.t('notice.goalsReset'),
    }),
  );
}
