// The record file as untrusted input and as a format that changed: a real version-1 file
// (fixtures/activity-v1.json, written by the 90-day record before the format changed, with
// its answers then in activity-v1.answers.json) is read, upgraded in place and loses
// nothing; hand-written hostile files are refused, moved aside with a notice, and never
// read past the size bound; every refusal has a negative control (the same file under a
// weakened reader gets in); and the writer never writes what the reader would refuse.
import fc from 'fast-check';
import { copyFile, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createActivityService } from '../../../../src-main/app/activity/activity-service';
import { dayKey } from '../../../../src-main/app/activity/days';
import { ActivityRecord } from '../../../../src-main/app/activity/record';
import { decodeEvent, encodeEvent, FILE_LIMITS, RecordFile, recordFileSchema, type EventTuple } from '../../../../src-main/app/activity/record-file';
import { createFileRecordStorage, fittedFile } from '../../../../src-main/app/activity/record-storage';
import { readParsed } from '../../../../src-main/app/storage/parsed-file';
import { createTextFile, FileTooLargeError } from '../../../../src-main/app/storage/text-file';
import { ActivityEvent } from '../../../../src-shared/domain/activity';
import type { CounterState } from '../../../../src-shared/domain/snapshot';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { said } from '../../../../dev-tools/support/i18n';
import { ModelCore } from './model-core';

const FIXTURE = new URL('./fixtures/activity-v1.json', import.meta.url);
const ANSWERS = JSON.parse(await readFile(new URL('./fixtures/activity-v1.answers.json', import.meta.url), 'utf8')) as {
  now: number;
  zone: string;
  today: Record<string, number>;
  counters: Record<string, { detail90: unknown; export: unknown; stepsSince: unknown }>;
};
const IDS = Object.keys(ANSWERS.counters);
const ID = '019a4f2e-8c00-7d3a-9b1e-2f4c6a8e0b12';
const AT = Date.UTC(2026, 10, 23, 9, 0, 0);

async function tempPath(name = 'activity.json') {
  const dir = await mkdtemp(join(tmpdir(), 'activity-file-'));
  return { dir, path: join(dir, name) };
}

/** What the version-1 record answered about the file, asked of `record` the same way. */
function answersOf(record: ActivityRecord) {
  const { now, zone } = ANSWERS;
  const counters = Object.fromEntries(IDS.map((id) => [id, { detail90: record.detail(id, 100, now, zone, 90, 50), export: record.exportLog(id, zone), stepsSince: record.stepsBetween(id, '2026-10-01', dayKey(now, zone), zone) }]));
  return { now, zone, today: record.today(now, zone), counters };
}

describe('a version-1 file', () => {
  it('is read and answers exactly as the version-1 record did', async () => {
    const { path } = await tempPath();
    await copyFile(FIXTURE, path);
    const loaded = await createFileRecordStorage(path).load();
    expect(loaded.notice).toBeUndefined();
    expect(loaded.value.upgraded).toBe(true);
    expect(answersOf(loaded.value)).toEqual(ANSWERS);
  });

  it('is upgraded in place by the running app: version 2 on disk, every event and day total still there', async () => {
    const { path } = await tempPath();
    await copyFile(FIXTURE, path);
    const v1 = RecordFile.parse(JSON.parse(await readFile(FIXTURE, 'utf8')));
    if (v1.version !== 1) throw new Error('the fixture is a version-1 file');
    const clock = new FakeClock(ANSWERS.now);
    const service = createActivityService({ clock, timezone: () => ANSWERS.zone, changed: () => undefined, notice: () => undefined, warn: () => undefined });
    const counters: CounterState[] = IDS.map((id) => ({ id, name: id, type: 'UpDown', value: 100, pending: false, refused: {} }));
    await service.attach(new ModelCore(counters, clock.now).asCore(), createFileRecordStorage(path));
    await service.stop();

    const written = JSON.parse(await readFile(path, 'utf8')) as { version: number };
    expect(written.version).toBe(2);
    const again = await createFileRecordStorage(path).load();
    expect(again.notice).toBeUndefined();
    expect(again.value.upgraded).toBe(false);
    expect(answersOf(again.value)).toEqual(ANSWERS);
    for (const [id, log] of Object.entries(v1.counters)) {
      expect(again.value.logOf(id)?.events).toEqual(log.events);
      const changed = Object.entries(log.days).filter(([, t]) => t.you !== 0 || t.others !== 0);
      expect(Object.fromEntries(again.value.logOf(id)?.days ?? [])).toEqual(Object.fromEntries(changed));
    }
    // Days before the oldest thing version 1 kept were never seen: the record begins there.
    const oldest = Object.values(v1.counters).flatMap((log) => Object.keys(log.days)).sort()[0];
    expect(again.value.firstDay(ANSWERS.now, ANSWERS.zone)).toBe(oldest);
  });
});

// ---- Hostile files, each written by hand. ----

const v2 = (counters: string, extra = '') => `{"format":"counter-tray-activity","version":2,"since":"2026-01-01"${extra},"counters":${counters}}`;
const log = (days: string, events = '[]', extra = '') => `{"days":${days},"events":${events}${extra}}`;
const one = (body: string, key = ID) => v2(`{"${key}":${body}}`);
const DAYS = '{"from":"2026-11-01","you":[1,0,2]}';

const HOSTILE: [string, string][] = [
  ['wrong types: a day total that is a string', one(log('{"from":"2026-11-01","you":["1"]}'))],
  ['wrong types: day totals as a list', one(log('[1,2,3]'))],
  ['wrong types: an instant that is a word', one(log(DAYS, '[["yesterday","o",1,"a",{}]]'))],
  ['wrong types: a fractional step', one(log(DAYS, '[[1790000000000,"o",1.5,"a",{}]]'))],
  ['wrong types: a source counted in words', one(log(DAYS, '[[1790000000000,"o",1,"a",{"popup":"one"}]]'))],
  ['wrong types: an unknown kind of event', one(log(DAYS, '[[1790000000000,"x",1,2]]'))],
  ['wrong types: an event too long', one(log(DAYS, '[[1790000000000,"t",1,2,3]]'))],
  ['wrong types: eventsFrom in words', one(log(DAYS, '[]', ',"eventsFrom":"soon"'))],
  ['wrong types: a field the format does not have', one(log(DAYS, '[]', ',"owner":"me"'))],
  ['wrong types: counters as a list', v2('[]')],
  ['wrong types: columns of unequal length', one(log('{"from":"2026-11-01","you":[1,2],"others":[1]}'))],
  ['absurd dates: 30 February', v2('{}').replace('2026-01-01', '2026-02-30')],
  ['absurd dates: totals from the year 9999', one(log('{"from":"9999-12-30","you":[1]}'))],
  ['absurd dates: totals running past 2200-01-01 (the last local day of an instant before 2200)', one(log('{"from":"2200-01-01","you":[1,1]}'))],
  ['absurd dates: an instant past the last Date', one(log(DAYS, '[[8640000000000001,"t",1,2]]'))],
  ['absurd dates: an instant before 2000', one(log(DAYS, '[[0,"t",1,2]]'))],
  ['absurd dates: a negative instant', one(log(DAYS, '[[-86400000,"t",1,2]]'))],
  ['absurd dates: a version-1 day in month 13', '{"format":"counter-tray-activity","version":1,"counters":{"c":{"events":[],"days":{"2026-13-01":{"you":1,"others":0}}}}}'],
  ['a million days', one(log(`{"from":"2026-01-01","you":[${new Array(1_000_000).fill(0).join(',')}]}`))],
  ['401 days on one counter', one(log(`{"from":"2025-01-01","you":[${new Array(401).fill(1).join(',')}]}`))],
  ['301 events on one counter', one(log(DAYS, `[${new Array(301).fill('[1790000000000,"t",1,2]').join(',')}]`))],
  ['5,001 counters', v2(`{${Array.from({ length: 5001 }, (_, i) => `"c${i}":${log(DAYS)}`).join(',')}}`)],
  ['prototype keys: a counter named __proto__', one(log(DAYS), '__proto__')],
  ['prototype keys: a counter named constructor', one(log(DAYS), 'constructor')],
  ['prototype keys: a source named __proto__', one(log(DAYS, '[[1790000000000,"o",1,"a",{"__proto__":1}]]'))],
  ['prototype keys: a version-1 counter named __proto__', '{"format":"counter-tray-activity","version":1,"counters":{"__proto__":{"events":[],"days":{}}}}'],
];

async function loadHostile(text: string) {
  const { dir, path } = await tempPath();
  await writeFile(path, text, 'utf8');
  const loaded = await createFileRecordStorage(path, { now: () => new Date(AT) }).load();
  const backup = 'activity.json.corrupt-2026-11-23T09-00-00-000Z.bak';
  return { loaded, files: await readdir(dir), backupText: await readFile(join(dir, backup), 'utf8').catch(() => null), backup };
}

describe('a hostile file', () => {
  it.each(HOSTILE)('is refused, moved aside with a notice, and the app starts afresh: %s', async (_what, text) => {
    const { loaded, files, backupText, backup } = await loadHostile(text);
    expect(loaded.notice && said(loaded.notice)).toMatch(/reset\. A backup is at .*\.bak\./);
    expect(files).toEqual([backup]);
    expect(backupText).toBe(text);
    expect(loaded.value.toFile().counters).toEqual({});
  });

  it('negative control: the bounds are what refuse them (a reader without them lets them in)', () => {
    const weak = (limits: Partial<typeof FILE_LIMITS>) => recordFileSchema({ ...FILE_LIMITS, ...limits });
    const text = (what: string) => HOSTILE.find(([name]) => name === what)?.[1] ?? '';
    const parse = (schema: ReturnType<typeof weak>, what: string) => schema.safeParse(JSON.parse(text(what)));
    expect(parse(weak({ days: Infinity }), '401 days on one counter').success).toBe(true);
    // A million days run past 2200 too: each bound alone refuses them.
    expect(parse(weak({ days: Infinity }), 'a million days').success).toBe(false);
    expect(parse(weak({ days: Infinity, strictDates: false }), 'a million days').success).toBe(true);
    expect(parse(weak({ eventsPerCounter: Infinity }), '301 events on one counter').success).toBe(true);
    expect(parse(weak({ counters: Infinity }), '5,001 counters').success).toBe(true);
    expect(parse(weak({ strictDates: false }), 'absurd dates: totals from the year 9999').success).toBe(true);
    expect(parse(weak({ strictDates: false }), 'absurd dates: an instant before 2000').success).toBe(true);
    expect(parse(weak({ strictKeys: false }), 'prototype keys: a counter named constructor').success).toBe(true);
    // Without the key check zod reads "__proto__" as nothing at all: the counter's log would vanish without a word.
    const vanished = parse(weak({ strictKeys: false }), 'prototype keys: a counter named __proto__');
    expect(vanished.success && Object.keys(vanished.data.counters)).toEqual([]);
  });

  it('over the size bound is refused unread and moved aside; negative control: without the bound it is read and taken', async () => {
    // A well-formed record of 1,500 counters with 300 events each: over 8 MiB, within every other bound.
    const events = `[${new Array(300).fill('[1790000000000,"t",100000,100001]').join(',')}]`;
    const text = v2(`{${Array.from({ length: 1500 }, (_, i) => `"c${i}":${log(DAYS, events)}`).join(',')}}`);
    expect(Buffer.byteLength(text)).toBeGreaterThan(FILE_LIMITS.bytes);
    const { path } = await tempPath();
    await writeFile(path, text, 'utf8');
    await expect(createTextFile(path).read({ maxBytes: FILE_LIMITS.bytes })).rejects.toBeInstanceOf(FileTooLargeError);
    expect((await readParsed(createTextFile(path), RecordFile)).status).toBe('ok');

    const { loaded, backupText } = await loadHostile(text);
    expect(loaded.notice && said(loaded.notice)).toMatch(/reset\. A backup is at/);
    expect(backupText).toBe(text);
    expect(loaded.value.toFile().counters).toEqual({});
  });

  it('the bound holds for any TextFile, also one that cannot refuse a read (a character is at least a byte)', async () => {
    const backups: string[] = [];
    const text = one(log(DAYS));
    const file = { read: async () => text, write: async () => undefined, backup: async () => (backups.push(text), 'moved.bak') };
    expect(await readParsed(file, RecordFile, { maxBytes: text.length - 1 })).toEqual({ status: 'invalid', backup: 'moved.bak' });
    expect(await readParsed(file, RecordFile, { maxBytes: text.length })).toMatchObject({ status: 'ok' });
  });
});

// ---- What the app writes. ----

const event = fc.oneof(
  fc.record({ kind: fc.constant('own' as const), at: fc.integer({ min: AT - 500 * 86_400_000, max: AT }), amount: fc.integer({ min: -50, max: 50 }), outcome: fc.constantFrom('applied' as const, 'unconfirmed' as const, 'refused' as const), sources: fc.dictionary(fc.constantFrom('popup', 'tray', 'shortcut', 'commandLine', 'undo'), fc.integer({ min: -9, max: 9 })) }),
  fc.record({ kind: fc.constantFrom('others' as const, 'away' as const), at: fc.integer({ min: AT - 500 * 86_400_000, max: AT }), from: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }), to: fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e9, max: 1e9 }) }),
  fc.record(
    { kind: fc.constant('edit' as const), at: fc.integer({ min: AT - 500 * 86_400_000, max: AT }), by: fc.constantFrom('you' as const, 'others' as const), fields: fc.uniqueArray(fc.constantFrom('name' as const, 'value' as const, 'startDate' as const, 'endDate' as const), { maxLength: 4 }), from: fc.integer(), to: fc.integer() },
    { requiredKeys: ['kind', 'at', 'by', 'fields'] },
  ),
);

describe('what the app writes', () => {
  it('property: an event survives its tuple unchanged, and a tuple the reader takes is always an event', () => {
    fc.assert(
      fc.property(event, (e) => {
        const parsed = ActivityEvent.parse(e);
        expect(decodeEvent(encodeEvent(parsed))).toEqual(parsed);
      }),
      { numRuns: 500 },
    );
    const tuple = fc.tuple(fc.integer({ min: AT - 1000, max: AT }), fc.constantFrom('o', 't', 'w', 'e', 'x'), fc.anything({ maxDepth: 1 }), fc.anything({ maxDepth: 1 }), fc.anything({ maxDepth: 1 }));
    fc.assert(
      fc.property(tuple, fc.integer({ min: 3, max: 6 }), (t, length) => {
        const raw = t.slice(0, length);
        const file = RecordFile.safeParse(JSON.parse(one(log(DAYS, JSON.stringify([raw])))));
        if (file.success) expect(ActivityEvent.safeParse(decodeEvent(raw as EventTuple)).success).toBe(true);
      }),
      { numRuns: 2000 },
    );
  });

  it('property: whatever the record holds after compaction, the file it writes is one the reader takes', () => {
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom('a', 'b', 'c'), event), { maxLength: 200 }), fc.constantFrom('UTC', 'Europe/Berlin', 'Pacific/Kiritimati'), (appends, zone) => {
        const record = new ActivityRecord();
        for (const [id, e] of appends) record.append(id, e, zone);
        record.compact(AT, zone);
        const file = RecordFile.safeParse(JSON.parse(JSON.stringify(fittedFile(record))));
        expect(file.success).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('shrinks a record too large for the file until it fits (oldest events first); unshrunk it is over the bound', () => {
    const record = new ActivityRecord();
    for (let c = 0; c < 40; c += 1) for (let i = 0; i < 300; i += 1) record.append(`c${c}`, { kind: 'others', at: AT - i * 60_000, from: i, to: i + 1 }, 'UTC');
    record.compact(AT, 'UTC');
    const limit = 200_000;
    expect(Buffer.byteLength(JSON.stringify(record.toFile()))).toBeGreaterThan(limit);
    const file = fittedFile(record, limit);
    expect(Buffer.byteLength(JSON.stringify(file))).toBeLessThanOrEqual(limit);
    // The newest events stayed; every day's total survived the events' going.
    expect(record.eventCount('c0')).toBeGreaterThan(0);
    expect(record.today(AT, 'UTC').c0).toBe(300);
  });
});
