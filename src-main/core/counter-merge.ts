// The rules of one counter's server state: how a notification, an answer or a list merges into its
// record, and which changes are our own echoes, never reported as remote (docs/api.md §6, O20).
// Only counter-table.ts applies them; everyone else sees `CounterView`s.
import type { CounterType, CounterV2 } from '../../src-shared/api/schemas';
import type { ListedCounters } from './api-client';
import type { CounterState, RemoteChange } from '../../src-shared/domain/snapshot';

/** An echo we wait for longer than this is assumed lost (the socket may have missed it). */
export const ECHO_WAIT_MS = 10_000;

/**
 * What the counterUpdated of one of our own requests will carry (echoes are matched by
 * request). Each request expects its own echo: the value its answer gave and,
 * for a rename, the new name. Notifications come in the server's order, so a change by
 * someone else before ours cannot carry our answer's value unless ours left the value as
 * it was: a rename, told apart by its name. Answers may come in any order; each echo is
 * matched to its own request, never passed over because another answer came first.
 */
export interface ExpectedEcho {
  /** The counter's value right after our request (its answer). */
  value: number;
  /** A PATCH that set the name: the name its echo carries. */
  name?: string;
  /** Not ours: someone else's change our answer revealed and that was reported already; its notification, if it still comes, is no news. */
  foreign?: true;
  at: number;
}

/** A counterUpdated as the table needs it. */
export interface Notified {
  value: number;
  name: string;
}

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
  /** Our own requests whose counterUpdated has not arrived yet. */
  expectedEchoes: ExpectedEcho[];
  refused: CounterState['refused'];
  error?: CounterState['error'];
  /** counterUpdated notifications that arrived while a change of ours was on the wire, in order. */
  stash?: Notified[];
  /**
   * Amounts of our changes whose answer was lost (an open "could not confirm"): a later
   * step of that size, in a notification or a resync, may be ours, so it is not reported
   * as someone else's (the flag already asks). Each explains one step at most.
   */
  maybeOurs: number[];
}

/** A record as the table hands it out: read-only, so only the table changes it. */
export interface CounterView {
  readonly id: string;
  readonly name: string;
  readonly type: CounterType;
  readonly startDate?: string;
  readonly endDate?: string;
  readonly confirmed: number;
  readonly streamValue: number;
  readonly expectedEchoes: readonly Readonly<ExpectedEcho>[];
  readonly refused: Readonly<CounterState['refused']>;
  readonly error?: Readonly<NonNullable<CounterState['error']>>;
  readonly stash?: readonly Readonly<Notified>[];
  readonly maybeOurs: readonly number[];
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
  };
}

/** One of our requests produced `echo.value`; its counterUpdated is due. Stale expectations are pruned here too, so a socket that is down cannot make the list grow. */
export function expectEcho(record: CounterRecord, echo: ExpectedEcho): ExpectedEcho {
  record.expectedEchoes = record.expectedEchoes.filter((waiting) => echo.at - waiting.at < ECHO_WAIT_MS);
  record.expectedEchoes.push(echo);
  return echo;
}

/** What a notification turned out to be: someone else's change, our own echo (with the value it replaced), or neither. */
export interface NotifiedResult {
  remote?: RemoteChange;
  echo?: { echo: ExpectedEcho; from: number };
}

/** Merges a counterUpdated that arrived while nothing of ours is on the wire. */
export function mergeNotified(record: CounterRecord, notified: Notified, now: number): NotifiedResult {
  const { value } = notified;
  record.expectedEchoes = record.expectedEchoes.filter((echo) => now - echo.at < ECHO_WAIT_MS);
  const step = value - record.streamValue;
  const echoIndex = record.expectedEchoes.findIndex((echo) => echo.value === value && (echo.name === undefined || echo.name === notified.name));
  if (echoIndex >= 0) {
    // Ours. Answers may come in another order than the server applied our requests, so
    // only this one is matched; the others wait for their own echo.
    const [echo] = record.expectedEchoes.splice(echoIndex, 1);
    const from = record.streamValue;
    record.streamValue = value;
    if (echo!.foreign) return {};
    if (record.expectedEchoes.length === 0) record.confirmed = value;
    return { echo: { echo: echo!, from } };
  }
  const from = record.expectedEchoes.length > 0 ? record.streamValue : record.confirmed;
  const late = record.maybeOurs.indexOf(step);
  if (late >= 0) {
    // Possibly our lost change landing (late): not someone else's change to announce.
    record.maybeOurs.splice(late, 1);
    record.streamValue = value;
    if (record.expectedEchoes.length === 0) record.confirmed = value;
    return {};
  }
  record.streamValue = value;
  if (record.expectedEchoes.length > 0) {
    // An echo of ours is still to come, so this change happened on the server before it:
    // report it, but keep the newer value our own answer gave us.
    return from === value ? {} : { remote: { counterId: record.id, name: record.name, from, to: value } };
  }
  if (value === record.confirmed) return {};
  record.confirmed = value;
  return { remote: { counterId: record.id, name: record.name, from, to: value } };
}

/** The remote change in a counterUpdated, if any (the counter's current name assumed). */
export function mergeNotifiedValue(record: CounterRecord, value: number, now: number): RemoteChange | undefined {
  return mergeNotified(record, { value, name: record.name }, now).remote;
}

/**
 * Our click alone on the wire was applied, and its echo has not come: the answer says the
 * value right before it (`before`). If the notifications seen so far stop short of it,
 * someone else changed the counter meanwhile and its notification is late or was lost (a
 * socket that dropped): reported now, from the answer, and its notification, should it
 * still come, is expected as no news. What an open "could not confirm" may explain is not theirs.
 */
export function revealedBefore(record: CounterRecord, before: number, now: number): RemoteChange | undefined {
  const from = record.streamValue;
  if (from === before) return undefined;
  expectEcho(record, { value: before, foreign: true, at: now });
  record.streamValue = before;
  const ours = takeMaybeOurs(record.maybeOurs, before - from);
  return from + ours === before ? undefined : { counterId: record.id, name: record.name, from: from + ours, to: before };
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
  // What an open "could not confirm" may explain is never called someone else's.
  const ours = takeMaybeOurs(record.maybeOurs, counter.value - from);
  if (from + ours === counter.value) return undefined;
  return { counterId: record.id, name: record.name, from: from + ours, to: counter.value };
}

/**
 * Takes the lost changes that may explain `step` out of `maybeOurs` and answers their sum:
 * a set of them that makes the step exactly when there is one, else as many of its sign as
 * fit inside it. Either way the rest of the step is someone else's.
 */
export function takeMaybeOurs(maybeOurs: number[], step: number): number {
  if (maybeOurs.length === 0 || step === 0) return 0;
  const taken = exactSubset(maybeOurs, step) ?? fittingSubset(maybeOurs, step);
  const total = taken.reduce((sum, index) => sum + maybeOurs[index]!, 0);
  for (const index of [...taken].sort((a, b) => b - a)) maybeOurs.splice(index, 1);
  return total;
}

/** Indexes of amounts that add up to `target` exactly (the fewest lost changes are few: tried in full up to 12). */
function exactSubset(amounts: readonly number[], target: number): number[] | undefined {
  const n = Math.min(amounts.length, 12);
  for (let mask = 1; mask < 1 << n; mask += 1) {
    let total = 0;
    for (let i = 0; i < n; i += 1) if (mask & (1 << i)) total += amounts[i]!;
    if (total !== target) continue;
    const chosen: number[] = [];
    for (let i = 0; i < n; i += 1) if (mask & (1 << i)) chosen.push(i);
    return chosen;
  }
  return undefined;
}

/** Indexes of amounts of the step's sign, oldest first, as long as together they stay within it. */
function fittingSubset(amounts: readonly number[], step: number): number[] {
  const chosen: number[] = [];
  let total = 0;
  amounts.forEach((amount, index) => {
    if (Math.sign(amount) !== Math.sign(step) || Math.abs(total + amount) > Math.abs(step)) return;
    total += amount;
    chosen.push(index);
  });
  return chosen;
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
