// update(): our own PATCH, handled like our own clicks. While it is on the wire the
// counter's notifications are held; its answer names our echo (its value, and the new name
// of a rename), so an echo that came before the answer is recognised (not awaited for ever,
// holding later values back), a PATCH of the value is never reported as someone else's
// change, and a same-valued change by someone else still is.
// Once the echo places it in the server's order, the edit is reported with the value it
// replaced (`edited`): read from the server, not from what was shown before sending.
import { PatchBodyV2 } from '../../src-shared/api/schemas';
import type { CounterV2 } from '../../src-shared/api/schemas';
import { CoreError } from './contract';
import type { CoreParts } from './core-parts';
import { isCoreError } from './errors';

type PatchParts = Pick<CoreParts, 'status' | 'lifecycle' | 'events' | 'api' | 'scheduler' | 'table' | 'own' | 'live' | 'judge'>;

const EDITABLE = ['name', 'value', 'startDate', 'endDate'] as const;

// PATCH takes no timezone (docs/api.md §4.2 lists it on the GETs only), so a day counter's
// value in its answer is counted in the server's default zone (docs/api.md O1: UTC on the
// reference service), a day off from ours for hours every day. Only an UpDown answer is taken as is.
function usableAnswer(answered: CounterV2 | undefined): CounterV2 | undefined {
  return answered?.type === 'UpDown' ? answered : undefined;
}

/** The counter as our zone sees it, after a PATCH whose answer could not be used as is. */
async function readBack(parts: PatchParts, id: string, answered: CounterV2 | undefined): Promise<CounterV2> {
  try {
    const read = await parts.scheduler.run('user', () => parts.api.getCounter(id, parts.status.timezone));
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

/** Why a PATCH cannot be sent now, if it cannot. */
function blocked(phase: CoreParts['status']['phase']): CoreError | undefined {
  if (phase === 'running') return undefined;
  return new CoreError(phase === 'unauthorized' ? 'unauthorized' : 'network', `Cannot update while ${phase}`);
}

export async function sendPatch(parts: PatchParts, id: string, patch: PatchBodyV2): Promise<CounterV2> {
  const { table, own } = parts;
  const body = PatchBodyV2.safeParse(patch);
  if (!body.success) throw new CoreError('badRequest', body.error.issues[0]?.message ?? 'Invalid update');
  const refusal = blocked(parts.status.phase);
  if (refusal) throw refusal;
  const record = table.get(id);
  if (!record) throw new CoreError('notFound', `No counter ${id}`);
  own.begin(record);
  try {
    const answered = await parts.scheduler.run('user', () => parts.api.patch(id, body.data));
    const counter = usableAnswer(answered) ?? (await readBack(parts, id, answered));
    table.takeEdit(record, counter);
    // Our PATCH's value: its counterUpdated is ours, whether it came already or is still due.
    if (table.get(id) === record) {
      const echo = own.landed(record, { value: counter.value, ...(body.data.name !== undefined && { name: counter.name }) });
      const fields = EDITABLE.filter((field) => body.data[field] !== undefined);
      // Placed in the server's order by its echo: `from` is the value it replaced.
      void own.replacedBy(record, echo).then((from) => {
        if (from !== undefined) parts.judge.edited(id, fields, from, counter.value);
      });
    }
    return counter;
  } catch (error) {
    if (isCoreError(error) && error.kind === 'unauthorized') parts.lifecycle.becomeUnauthorized(error.message);
    if (isCoreError(error) && error.kind === 'notFound') parts.live.gone(id, error.message);
    throw error;
  } finally {
    own.end(record);
    parts.events.changed();
  }
}
