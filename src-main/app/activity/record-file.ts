// The activity record on disk, untrusted: every count bounded, every date real, no key a name of
// Object.prototype. Why columns and hand-written guards: README.md.
import { z } from 'zod';
import { ActivityEvent, ClickSource } from '../../../src-shared/domain/activity';
import { addDays, isDateKey } from '../../../src-shared/time/calendar';
import { DAYS_KEPT, FIRST_DAY, LAST_DAY, isRecordedAt, isRecordedDay, type DayColumns } from './days';

/** What a reader accepts; the record is compacted and written within it. */
interface FileLimits {
  /** Read no further (storage/text-file.ts) and written no larger. */
  bytes: number;
  counters: number;
  eventsPerCounter: number;
  /** Days one counter's totals span. */
  days: number;
  /** Version 1 ran up to a quarter over its cap of 300 before a trim. */
  legacyEventsPerCounter: number;
  /** Refuse keys that are not ids or name a property of Object.prototype. */
  strictKeys: boolean;
  strictDates: boolean;
}

export const FILE_LIMITS: FileLimits = {
  bytes: 8 * 1024 * 1024,
  counters: 5_000,
  eventsPerCounter: 300,
  days: DAYS_KEPT,
  legacyEventsPerCounter: 400,
  strictKeys: true,
  strictDates: true,
};

/** An event as a tuple: [at, 'o', amount, outcome, sources] · [at, 't' | 'w', from, to] · [at, 'e', by, fields, from?, to?]. */
export type EventTuple =
  | [at: number, kind: 'o', amount: number, outcome: 'a' | 'u' | 'r', sources: Partial<Record<ClickSource, number>>]
  | [at: number, kind: 't' | 'w', from: number, to: number]
  | [at: number, kind: 'e', by: 'y' | 't', fields: FieldCode[]]
  | [at: number, kind: 'e', by: 'y' | 't', fields: FieldCode[], from: number | null, to: number | null];

const OUTCOMES = { a: 'applied', u: 'unconfirmed', r: 'refused' } as const;
const FIELDS = { n: 'name', v: 'value', s: 'startDate', e: 'endDate' } as const;
type FieldCode = keyof typeof FIELDS;
type Field = (typeof FIELDS)[FieldCode];
const SOURCES = new Set<string>(ClickSource.options);

const isFinite = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);
const isInt = (value: unknown): value is number => typeof value === 'number' && Number.isSafeInteger(value);
const has = (table: object, key: unknown): boolean => typeof key === 'string' && Object.hasOwn(table, key);
const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function isSources(value: unknown): boolean {
  if (!isObject(value)) return false;
  const keys = Object.keys(value);
  return keys.length <= SOURCES.size && keys.every((key) => SOURCES.has(key) && isInt(value[key]));
}

/** An id as the API spells them (letters, digits, dashes), never a name of Object.prototype. */
const isCounterKey = (key: string): boolean => /^[A-Za-z0-9-]{1,64}$/.test(key) && !Object.hasOwn(Object.prototype, key) && key !== 'prototype';
const isFields = (value: unknown): boolean => Array.isArray(value) && value.length <= 4 && value.every((code) => has(FIELDS, code));
const isNullableNumber = (value: unknown) => value === null || isFinite(value);

function guards(limits: FileLimits) {
  const at = limits.strictDates ? isRecordedAt : isInt;
  const day = limits.strictDates ? isRecordedDay : isDateKey;
  const isEventTuple = (tuple: unknown): boolean => {
    if (!Array.isArray(tuple) || !at(tuple[0])) return false;
    switch (tuple[1]) {
      case 'o':
        return tuple.length === 5 && isInt(tuple[2]) && has(OUTCOMES, tuple[3]) && isSources(tuple[4]);
      case 't':
      case 'w':
        return tuple.length === 4 && isFinite(tuple[2]) && isFinite(tuple[3]);
      case 'e':
        if (!((tuple[2] === 'y' || tuple[2] === 't') && isFields(tuple[3]))) return false;
        return tuple.length === 4 || (tuple.length === 6 && isNullableNumber(tuple[4]) && isNullableNumber(tuple[5]));
      default:
        return false;
    }
  };
  const isNumbers = (value: unknown): value is number[] => Array.isArray(value) && value.length <= limits.days && value.every(isFinite);
  const isDayColumns = (value: unknown): value is DayColumns => {
    if (!isObject(value)) return false;
    const { from, you, others, ...rest } = value;
    if (Object.keys(rest).length > 0 || !day(from) || !isNumbers(you)) return false;
    if (others !== undefined && !(isNumbers(others) && others.length === you.length)) return false;
    return you.length === 0 || day(addDays(from, you.length - 1));
  };
  return { at, day, isEventTuple, isDayColumns };
}

export function recordFileSchema(limits: FileLimits) {
  const { at, day, isEventTuple, isDayColumns } = guards(limits);
  const DayKey = z.string().refine(day, { message: `a real day from ${FIRST_DAY} to ${LAST_DAY}` });
  const At = z.number().refine(at, { message: 'an instant between 2000 and 2200' });
  // Checked on the raw object: zod's record leaves a "__proto__" key out without a word, so a
  // counter's whole log would vanish instead of the file being refused.
  const Counters = z.custom<Record<string, unknown>>((raw) => isObject(raw) && (!limits.strictKeys || Object.keys(raw).every(isCounterKey)), { message: 'counter ids only' });
  const bounded = <T extends z.ZodType>(value: T) =>
    Counters.pipe(z.record(z.string(), value)).refine((counters) => Object.keys(counters).length <= limits.counters, { message: `at most ${limits.counters} counters` });

  const LegacyLog = z.object({
    events: z.array(ActivityEvent.refine((event) => at(event.at), { message: 'an instant between 2000 and 2200' })).max(limits.legacyEventsPerCounter),
    days: z.record(DayKey, z.object({ you: z.number(), others: z.number() })).refine((days) => Object.keys(days).length <= limits.days, { message: `at most ${limits.days} days` }),
  });
  const V1 = z.object({ format: z.literal('counter-tray-activity'), version: z.literal(1), counters: bounded(LegacyLog) });

  const Events = z.custom<EventTuple[]>((value) => Array.isArray(value) && value.length <= limits.eventsPerCounter && value.every(isEventTuple), {
    message: `at most ${limits.eventsPerCounter} events, each a known kind with its fields`,
  });
  const Days = z.custom<DayColumns>(isDayColumns, { message: `day totals: a first day and at most ${limits.days} finite numbers` });
  const V2 = z
    .object({
      format: z.literal('counter-tray-activity'),
      version: z.literal(2),
      /** Days before it are "not recorded" (absent: its oldest entry). */
      since: DayKey.optional(),
      counters: bounded(z.object({ days: Days, events: Events, eventsFrom: At.optional() }).strict()),
    })
    .strict();
  // A newer version is refused, never half-read.
  return z.union([V2, V1]);
}

export const RecordFile = recordFileSchema(FILE_LIMITS);
export type RecordFile = z.infer<typeof RecordFile>;
export type RecordFileV2 = Extract<RecordFile, { version: 2 }>;

// Events: tuple ⇄ object (the guards above ran first).

export function encodeEvent(event: ActivityEvent): EventTuple {
  switch (event.kind) {
    case 'own': {
      const outcome = event.outcome === 'applied' ? 'a' : event.outcome === 'unconfirmed' ? 'u' : 'r';
      return [event.at, 'o', event.amount, outcome, event.sources];
    }
    case 'others':
      return [event.at, 't', event.from, event.to];
    case 'away':
      return [event.at, 'w', event.from, event.to];
    case 'edit': {
      const fields = event.fields.map((field) => (Object.keys(FIELDS) as FieldCode[]).find((code) => FIELDS[code] === field) as FieldCode);
      const by = event.by === 'you' ? 'y' : 't';
      if (event.from === undefined && event.to === undefined) return [event.at, 'e', by, fields];
      return [event.at, 'e', by, fields, event.from ?? null, event.to ?? null];
    }
  }
}

export function decodeEvent(tuple: EventTuple): ActivityEvent {
  const at = tuple[0];
  switch (tuple[1]) {
    case 'o':
      return { kind: 'own', at, amount: tuple[2], outcome: OUTCOMES[tuple[3]], sources: { ...tuple[4] } };
    case 't':
      return { kind: 'others', at, from: tuple[2], to: tuple[3] };
    case 'w':
      return { kind: 'away', at, from: tuple[2], to: tuple[3] };
    case 'e': {
      const fields: Field[] = tuple[3].map((code) => FIELDS[code]);
      const event: ActivityEvent = { kind: 'edit', at, by: tuple[2] === 'y' ? 'you' : 'others', fields };
      if (tuple.length === 6) {
        if (tuple[4] !== null) event.from = tuple[4];
        if (tuple[5] !== null) event.to = tuple[5];
      }
      return event;
    }
  }
}
