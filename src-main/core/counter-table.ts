// What the core knows about each counter from the server, and how a server-side value
// (from a notification or a resync) is merged: our own changes echoed back by
// counterUpdated are recognised and never reported as remote (issue §7, §9).
import type { CounterType, CounterV2 } from '../../src-shared/api/schemas';
import type { ListedCounters } from './api-client';
import type { CounterState, RemoteChange } from '../../src-shared/domain/snapshot';

/** An echo we wait for longer than this is assumed lost (the socket may have missed it). */
export const ECHO_WAIT_MS = 10_000;

export interface CounterRecord {
  id: string;
  name: string;
  type: CounterType;
  startDate?: string;
  endDate?: string;
  /** The server's value as last confirmed (responses, notifications, resyncs). */
  confirmed: number;
  /** The last value seen in notification order: the "from" of the next remote change. */
  streamValue: number;
  /** Values our own mutations produced whose counterUpdated has not arrived yet. */
  expectedEchoes: { value: number; at: number }[];
  refused: CounterState['refused'];
  error?: CounterState['error'];
  /** Values of counterUpdated that arrived while a change of ours was on the wire, in order. */
  stash?: number[];
  /**
   * Amounts of our changes whose answer was lost: a later step of exactly that size may be
   * ours landing late, so it is not reported as someone else's (the flag already asks).
   */
  maybeOurs: number[];
  /** Directions the server accepted from us on this counter: only then are opposite clicks netted. */
  allowed: { increment?: true; decrement?: true };
}

export function recordFrom(counter: CounterV2): CounterRecord {
  return {
    id: counter.id,
    name: counter.name,
    type: counter.type,
    startDate: counter.startDate,
    endDate: counter.endDate,
    confirmed: counter.value,
    streamValue: counter.value,
    expectedEchoes: [],
    refused: {},
    maybeOurs: [],
    allowed: {},
  };
}

/** Our change produced `value`; its counterUpdated is due. Stale expectations are pruned here too, so a socket that is down cannot make the list grow. */
export function expectEcho(record: CounterRecord, value: number, now: number): void {
  record.expectedEchoes = record.expectedEchoes.filter((echo) => now - echo.at < ECHO_WAIT_MS);
  record.expectedEchoes.push({ value, at: now });
}

/**
 * Merges a counterUpdated value that arrived while nothing of ours is on the wire.
 * Returns the remote change to report, if any.
 */
export function mergeNotifiedValue(record: CounterRecord, value: number, now: number): RemoteChange | undefined {
  record.expectedEchoes = record.expectedEchoes.filter((echo) => now - echo.at < ECHO_WAIT_MS);
  const echoIndex = record.expectedEchoes.findIndex((echo) => echo.value === value);
  if (echoIndex >= 0) {
    // Ours. Notifications arrive in server order, so earlier expected echoes were passed over.
    record.expectedEchoes.splice(0, echoIndex + 1);
    record.streamValue = value;
    record.confirmed = value;
    return undefined;
  }
  const from = record.expectedEchoes.length > 0 ? record.streamValue : record.confirmed;
  const late = record.maybeOurs.indexOf(value - record.streamValue);
  if (late >= 0) {
    // Possibly our lost change landing (late): not someone else's change to announce.
    record.maybeOurs.splice(late, 1);
    record.streamValue = value;
    if (record.expectedEchoes.length === 0) record.confirmed = value;
    return undefined;
  }
  record.streamValue = value;
  if (record.expectedEchoes.length > 0) {
    // Our echo is still to come, so this change happened on the server before ours:
    // report it, but keep the newer value our own response gave us.
    return from === value ? undefined : { counterId: record.id, name: record.name, from, to: value };
  }
  if (value === record.confirmed) return undefined;
  record.confirmed = value;
  return { counterId: record.id, name: record.name, from, to: value };
}

/** A full resync's view of one counter. Returns the remote change to report, if any. */
export function mergeListedCounter(record: CounterRecord, counter: CounterV2, changeOnWire: boolean): RemoteChange | undefined {
  record.name = counter.name;
  record.type = counter.type;
  record.startDate = counter.startDate;
  record.endDate = counter.endDate;
  if (record.error?.kind === 'gone' || record.error?.kind === 'unreadable') delete record.error;
  // While our change is on the wire or its echo is due, the list may predate it; the
  // response and the echo settle the value instead.
  if (changeOnWire || record.expectedEchoes.length > 0) return undefined;
  const from = record.confirmed;
  record.confirmed = counter.value;
  record.streamValue = counter.value;
  // Day counts move with the calendar and the timezone: nobody "changed" them.
  if (counter.type !== 'UpDown' || from === counter.value) return undefined;
  return { counterId: record.id, name: record.name, from, to: counter.value };
}

/** What the ledger and the sender add to a counter's server state. */
export interface LocalState {
  localDelta: number;
  pending: boolean;
  /** Lost changes awaiting the user's choice. */
  unconfirmed: readonly number[];
  sendingSlowly: boolean;
}

export function toCounterState(record: CounterRecord, local: LocalState): CounterState {
  const state: CounterState = {
    id: record.id,
    name: record.name,
    type: record.type,
    value: record.confirmed + local.localDelta,
    pending: local.pending,
    refused: { ...record.refused },
  };
  if (record.startDate !== undefined) state.startDate = record.startDate;
  if (record.endDate !== undefined) state.endDate = record.endDate;
  if (local.sendingSlowly) state.sendingSlowly = true;
  if (record.error?.kind !== 'gone' && local.unconfirmed.length > 0) state.error = unconfirmedFlag(local.unconfirmed, record.confirmed);
  else if (record.error) state.error = { ...record.error };
  return state;
}

function unconfirmedFlag(amounts: readonly number[], serverValue: number): NonNullable<CounterState['error']> {
  const amount = amounts.reduce((total, value) => total + value, 0);
  const signed = amount > 0 ? `+${amount}` : String(amount);
  return {
    kind: 'unconfirmed',
    amount,
    message: `Could not confirm whether your change of ${signed} was applied; the server shows ${serverValue}. Send it again, or keep the server's value.`,
  };
}

/**
 * A full list from the server replaces the table (in the server's order): known counters
 * are merged, new ones added, missing ones dropped. Returns the remote changes found and
 * the ids that went away.
 */
export function mergeList(
  records: Map<string, CounterRecord>,
  list: ListedCounters,
  changeOnWire: (id: string) => boolean,
): { remote: RemoteChange[]; removed: string[]; unreadable: string[] } {
  const { counters } = list;
  const remote: RemoteChange[] = [];
  const next = new Map<string, CounterRecord>();
  for (const counter of counters) {
    const existing = records.get(counter.id);
    if (!existing) {
      next.set(counter.id, recordFrom(counter));
      continue;
    }
    const change = mergeListedCounter(existing, counter, changeOnWire(counter.id));
    if (change) remote.push(change);
    next.set(counter.id, existing);
  }
  // An item that did not parse is not a deletion: keep its last known state, flagged.
  // An unreadable item that names no id could be any missing counter, so all of them stay.
  const unreadableIds = list.unreadable.flatMap((item) => (item.id === undefined ? [] : [item.id]));
  const anonymous = list.unreadable.length > unreadableIds.length;
  const unreadable: string[] = [];
  const removed: string[] = [];
  for (const [id, record] of records) {
    if (next.has(id)) continue;
    if (!anonymous && !unreadableIds.includes(id)) {
      removed.push(id);
      continue;
    }
    unreadable.push(id);
    if (record.error?.kind !== 'gone') record.error = { kind: 'unreadable', message: 'The server sent this counter in a form the app cannot read; showing its last known state.' };
    next.set(id, record);
  }
  records.clear();
  for (const [id, record] of next) records.set(id, record);
  return { remote, removed, unreadable };
}
