// Goals, milestones, reset and export shapes: the service has no field for any of it.
import { z } from 'zod';
import { CounterId, IsoDate } from '../api/schemas';

export const GOAL_TARGET_MAX = 1_000_000;

/** In the user's zone; weeks are ISO (Monday first). */
export const GoalPeriod = z.enum(['day', 'week', 'month']);
export type GoalPeriod = z.infer<typeof GoalPeriod>;

/** Whose changes count: the service never says who, so "others" is everyone else together. */
export const GoalCount = z.enum(['all', 'mine', 'others']);
export type GoalCount = z.infer<typeof GoalCount>;

export const Goal = z.object({
  target: z.int().min(1).max(GOAL_TARGET_MAX),
  period: GoalPeriod,
  count: GoalCount,
});
export type Goal = z.infer<typeof Goal>;

/** With this period's net steps from the activity record. */
export const GoalView = Goal.extend({ done: z.number() });
export type GoalView = z.infer<typeof GoalView>;

export const LocalExtras = z.object({
  goals: z.record(z.string(), GoalView),
  milestonesMuted: z.array(z.string()),
  /** The user's day in the zone in force: the next milestone counts from it. */
  today: IsoDate,
});
export type LocalExtras = z.infer<typeof LocalExtras>;

/** A reset or start again that undo can still PATCH back to `earlier`. */
export const ResetOffer = z.object({
  counterId: z.string(),
  name: z.string(),
  kind: z.enum(['reset', 'startAgain']),
  earlier: z.union([z.number(), IsoDate]),
  expiresAt: z.number(),
});
export type ResetOffer = z.infer<typeof ResetOffer>;

/** 'undo': put the earlier value back unless the counter changed since (then ask); 'overwrite': put it back anyway; 'keep': forget the offer. */
export const UndoResetChoice = z.enum(['undo', 'overwrite', 'keep']);
export type UndoResetChoice = z.infer<typeof UndoResetChoice>;

export const UndoResetResult = z.discriminatedUnion('status', [
  z.object({ status: z.literal('restored') }),
  z.object({ status: z.literal('kept') }),
  /** The counter moved since the reset: nothing was sent. */
  z.object({ status: z.literal('changed'), current: z.union([z.number(), IsoDate]), earlier: z.union([z.number(), IsoDate]) }),
]);
export type UndoResetResult = z.infer<typeof UndoResetResult>;

/** Which activity to export. Never a path: main asks the user where, in its own dialog. */
export const ExportRequest = z.discriminatedUnion('scope', [z.object({ scope: z.literal('all') }).strict(), z.object({ scope: z.literal('counter'), id: CounterId }).strict()]);
export type ExportRequest = z.infer<typeof ExportRequest>;

export const ExportResult = z.discriminatedUnion('status', [
  /** No folder: the page need not learn where the user keeps files. */
  z.object({ status: z.literal('saved'), fileName: z.string().max(255), rows: z.int().min(0) }),
  z.object({ status: z.literal('cancelled') }),
]);
export type ExportResult = z.infer<typeof ExportResult>;
