// update(): our own PATCH, handled like our own clicks (issue 11 case 5). While it is on
// the wire the counter's notifications are held; its answer names our echo (its value, and
// the new name of a rename), so an echo that came before the answer is recognised (not
// awaited for ever, holding later values back), a PATCH of the value is never reported as
// someone else's change, and a same-valued change by someone else still is (issue 22).
// Once the echo places it in the server's order, the edit is reported with the value it
// replaced (`edited`): read from the server, not from what was shown before sending.
import { PatchBodyV2 } from '../../src-shared/api/schemas';
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { ApiClient } from './api-client';
import { CoreError } from './contract';
import type { CounterRecord } from './counter-table';
import type { EditedField } from './contract';
import { isCoreError } from './errors';
import type { OwnWindow } from './own-window';
import type { RateScheduler } from './rate-scheduler';

export interface PatchContext {
  api: ApiClient;
  scheduler: RateScheduler;
  records: Map<string, CounterRecord>;
  own: OwnWindow;
  timezone(): string;
  /** Why a PATCH cannot be sent now, if it cannot. */
  blocked(): CoreError | undefined;
  changed(): void;
  gone(id: string, message: string): void;
  unauthorized(message: string): void;
  /** The edit is placed in the server's order: `from` is the value it replaced. */
  edited(id: string, fields: EditedField[], from: number, to: number): void;
}

const EDITABLE = ['name', 'value', 'startDate', 'endDate'] as const;

// PATCH takes no timezone (API §4.2 lists it on the GETs only), so a day counter's value in
// its answer is counted in the server's default zone (not-shown #1: UTC on the reference
// service), a day off from ours for hours every day. Only an UpDown answer is taken as is.
function usableAnswer(answered: CounterV2 | undefined): CounterV2 | undefined {
  return answered?.type === 'UpDown' ? answered : undefined;
}

/** The counter as our zone sees it, after a PATCH whose answer could not be used as is. */
async function readBack(ctx: PatchContext, id: string, answered: CounterV2 | undefined): Promise<CounterV2> {
  try {
    const read = await ctx.scheduler.run('user', () => ctx.api.getCounter(id, ctx.timezone()));
    if (read) return read;
  } catch (error) {
    // The PATCH was applied: a failed read-back must not report the edit as failed. The
    // answer's fields stand; its day value is corrected at the next resync.
    if (answered) return answered;
    throw error;
  }
  if (answered) return answered;
  throw new CoreError('badResponse', 'No answer for the updated counter');
}

export async function sendPatch(ctx: PatchContext, id: string, patch: PatchBodyV2): Promise<CounterV2> {
  const body = PatchBodyV2.safeParse(patch);
  if (!body.success) throw new CoreError('badRequest', body.error.issues[0]?.message ?? 'Invalid update');
  const blocked = ctx.blocked();
  if (blocked) throw blocked;
  const record = ctx.records.get(id);
  if (!record) throw new CoreError('notFound', `No counter ${id}`);
  ctx.own.begin(record);
  try {
    const answered = await ctx.scheduler.run('user', () => ctx.api.patch(id, body.data));
    const counter = usableAnswer(answered) ?? (await readBack(ctx, id, answered));
    record.name = counter.name;
    record.startDate = counter.startDate;
    record.endDate = counter.endDate;
    // Our PATCH's value: its counterUpdated is ours, whether it came already or is still due.
    if (ctx.records.get(id) === record) {
      const echo = ctx.own.landed(record, { value: counter.value, ...(body.data.name !== undefined && { name: counter.name }) });
      const fields = EDITABLE.filter((field) => body.data[field] !== undefined);
      void ctx.own.replacedBy(record, echo).then((from) => {
        if (from !== undefined) ctx.edited(id, fields, from, counter.value);
      });
    }
    return counter;
  } catch (error) {
    if (isCoreError(error) && error.kind === 'unauthorized') ctx.unauthorized(error.message);
    if (isCoreError(error) && error.kind === 'notFound') ctx.gone(id, error.message);
    throw error;
  } finally {
    ctx.own.end(record);
    ctx.changed();
  }
}
