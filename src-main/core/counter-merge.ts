// How a notification, an answer or a list merges into one counter's record, and which steps are our
// own echoes (docs/api.md §6, O20; README.md, "Echoes by request"). Only counter-table.ts applies them.
import type { CounterType, CounterV2 } from '../../src-shared/api/schemas';
import type { ListedCounters } from './api-client';
import type { CounterState, RemoteChange } from '../../src-shared/domain/snapshot';

/** An echo not come within this is assumed lost (the socket may have missed it). */
export const ECHO_WAIT_MS = 10_000;

/** What the counterUpdated of one of our requests will carry: its answer's value and, for a rename, the name. */
export interface ExpectedEcho {
  value: number;
  name?: string;
  /** Someone else's change our answer revealed, reported already: its notification, if it still comes, is no news. */
  foreign?: true;
  at: number;
}

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
  /** The server's value as last confirmed (answers, notifications, resyncs). */
  confirmed: number;
  /** The last value in notification order: the "from" of the next remote change. */
  streamValue: number;
  expectedEchoes: ExpectedEcho[];
  refused: CounterState['refused'];
  error?: CounterState['error'];
  /** Notifications held while a change of ours was on the wire, in order. */
  stash?: Notified[];
  /** Lost changes of ours (an open "could not confirm"): a later step of that size may be ours, each explains one step at most. */
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

/** Our request's echo is due; stale ones are pruned, so a socket that is down cannot make the list grow. */
export function expectEcho(record: CounterRecord, echo: ExpectedEcho): ExpectedEcho {
  record.expectedEchoes = record.expectedEchoes.filter((waiting) => echo.at - waiting.at < ECHO_WAIT_MS);
  record.expectedEchoes.push(echo);
  return echo;
}

/** Someone else's change, our own echo (with the value it replaced), or neither. */
export interface NotifiedResult {
  remote?: RemoteChange;
  echo?: { echo: ExpectedEcho; from: number };
}

/** A counterUpdated while nothing of ours is on the wire. */
export function mergeNotified(record: CounterRecord, notified: Notified, now: number): NotifiedResult {
  const { value } = notified;
  record.expectedEchoes = record.expectedEchoes.filter((echo) => now - echo.at < ECHO_WAIT_MS);
  const step = value - record.streamValue;
  const echoIndex = record.expectedEchoes.findIndex((echo) => echo.value === value && (echo.name === undefined || echo.name === notified.name));
  if (echoIndex >= 0) {
    // Ours; answers may come in another order than the server applied them: the others wait for their own.
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
    // Possibly our lost change landing late: not someone else's.
    record.maybeOurs.splice(late, 1);
    record.streamValue = value;
    if (record.expectedEchoes.length === 0) record.confirmed = value;
    return {};
  }
  record.streamValue = value;
  if (record.expectedEchoes.length > 0) {
    // It happened before an echo of ours still to come: reported, the newer value of our answer kept.
    return from === value ? {} : { remote: { counterId: record.id, name: record.name, from, to: value } };
  }
  if (value === record.confirmed) return {};
  record.confirmed = value;
  return { remote: { counterId: record.id, name: record.name, from, to: value } };
}

/** Our lone click's answer says the value before it: notifications short of it hide someone else's change (README.md, "What an answer reveals"). */
export function revealedBefore(record: CounterRecord, before: number, now: number): RemoteChange | undefined {
  const from = record.streamValue;
  if (from === before) return undefined;
  expectEcho(record, { value: before, foreign: true, at: now });
  record.streamValue = before;
  const ours = takeMaybeOurs(record.maybeOurs, before - from);
  return from + ours === before ? undefined : { counterId: record.id, name: record.name, from: from + ours, to: before };
}

/** A resync's view of one counter; answers the remote change to report. */
export function mergeListedCounter(record: CounterRecord, counter: CounterV2, changeOnWire: boolean): RemoteChange | undefined {
  record.name = counter.name;
  record.type = counter.type;
  record.startDate = counter.startDate;
  record.endDate = counter.endDate;
  if (record.error?.kind === 'gone' || record.error?.kind === 'unreadable') delete record.error;
  // The list may predate our change on the wire or its echo: those settle the value.
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

/** Takes the lost changes that explain `step` (a set making it exactly, else those of its sign that fit); answers their sum. */
export function takeMaybeOurs(maybeOurs: number[], step: number): number {
  if (maybeOurs.length === 0 || step === 0) return 0;
  const taken = exactSubset(maybeOurs, step) ?? fittingSubset(maybeOurs, step);
  const total = taken.reduce((sum, index) => sum + maybeOurs[index]!, 0);
  for (const index of [...taken].sort((a, b) => b - a)) maybeOurs.splice(index, 1);
  return total;
}

/** Indexes of amounts adding up to `target` (lost changes are few: tried in full up to 12). */
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

/** Indexes of amounts of the step's sign, oldest first, while together within it. */
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

/** A full list replaces the table, in the server's order. */
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
  // An unreadable item is not a deletion (one without an id could be any missing counter): kept, flagged.
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
