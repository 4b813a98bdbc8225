// update(): our PATCH, on the wire like a click (README.md, "Our own PATCH").
import { PatchBodyV2 } from '../../src-shared/api/schemas';
import type { CounterV2 } from '../../src-shared/api/schemas';
import type { ApiClient } from './api-client';
import { CoreError } from './contract';
import type { CounterTable } from './counter-table';
import { isCoreError } from './errors';
import type { Phase } from './contract';
import type { OutgoingChanges } from './outgoing-changes';
import type { Publisher } from './snapshot';
import type { RateScheduler } from './rate-scheduler';

interface PatchDeps {
  phase(): Phase;
  timezone(): string;
  api: Pick<ApiClient, 'patch' | 'getCounter'>;
  scheduler: Pick<RateScheduler, 'run'>;
  table: Pick<CounterTable, 'get' | 'takeEdit'>;
  wire: Pick<OutgoingChanges, 'begin' | 'landed' | 'replacedBy' | 'end'>;
  events: Pick<Publisher, 'changed' | 'outcome'>;
  unauthorized(message: string): void;
  gone(id: string, message: string): void;
}

const EDITABLE = ['name', 'value', 'startDate', 'endDate'] as const;

/** The counter as our zone sees it. */
async function readBack(deps: PatchDeps, id: string, answered: CounterV2 | undefined): Promise<CounterV2> {
  try {
    const read = await deps.scheduler.run('user', () => deps.api.getCounter(id, deps.timezone()));
    if (read) return read;
  } catch (error) {
    // The PATCH was applied: the answer's fields stand; its day value is corrected at the next resync.
    if (answered) return answered;
    throw error;
  }
  if (answered) return answered;
  throw new CoreError('badResponse', 'No answer for the updated counter');
}

export async function sendPatch(deps: PatchDeps, id: string, patch: PatchBodyV2): Promise<CounterV2> {
  const { table, wire } = deps;
  const body = PatchBodyV2.safeParse(patch);
  if (!body.success) throw new CoreError('badRequest', body.error.issues[0]?.message ?? 'Invalid update');
  const phase = deps.phase();
  if (phase !== 'running') throw new CoreError(phase === 'unauthorized' ? 'unauthorized' : 'network', `Cannot update while ${phase}`);
  const record = table.get(id);
  if (!record) throw new CoreError('notFound', `No counter ${id}`);
  wire.begin(record);
  try {
    const answered = await deps.scheduler.run('user', () => deps.api.patch(id, body.data));
    // PATCH takes no timezone (docs/api.md §4.2): a day counter's value in its answer is counted in the
    // server's default zone (O1), a day off from ours for hours every day. Only an UpDown answer is taken as is.
    const counter = answered?.type === 'UpDown' ? answered : await readBack(deps, id, answered);
    table.takeEdit(record, counter);
    // Its counterUpdated is ours, whether it came already or is still due.
    if (table.get(id) === record) {
      const echo = wire.landed(record, { value: counter.value, ...(body.data.name !== undefined && { name: counter.name }) });
      const fields = EDITABLE.filter((field) => body.data[field] !== undefined);
      // `from`: the value before its echo in the server's order; a value edit's amount is what it moved.
      void wire.replacedBy(record, echo).then((from) => {
        if (from === undefined || deps.phase() === 'stopped') return;
        deps.events.outcome(id, fields.includes('value') ? counter.value - from : 0, 'edited', { fields, from, to: counter.value });
      });
    }
    return counter;
  } catch (error) {
    if (isCoreError(error) && error.kind === 'unauthorized') deps.unauthorized(error.message);
    if (isCoreError(error) && error.kind === 'notFound') deps.gone(id, error.message);
    throw error;
  } finally {
    wire.end(record);
    deps.events.changed();
  }
}
