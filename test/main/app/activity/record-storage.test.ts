// The record file: corrupt or foreign files are moved aside and reset with a notice,
// never trusted and never fatal; writes happen off the click path, one per burst.
import { mkdtemp, readdir, readFile, writeFile, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ActivityRecord } from '../../../../src-main/app/activity/record';
import { createFileRecordStorage, createRecordWriter } from '../../../../src-main/app/activity/record-storage';
import {  } from '../../../support/app-fakes';
import { FakeClock } from '../../../../dev-tools/support/fake-clock';
import { said } from '../../../../dev-tools/support/i18n';

const ZONE = 'UTC';
const at = Date.UTC(2026, 10, 23, 9, 0, 0);

async function tempFile() {
  const dir = await mkdtemp(join(tmpdir(), 'activity-'));
  return { dir, path: join(dir, 'activity.json') };
}

describe('activity record file', () => {
  it('starts empty when there is no file, and reads back what it saved', async () => {
    const { path } = await tempFile();
    const storage = createFileRecordStorage(path);
    const first = await storage.load();
    expect(first.notice).toBeUndefined();
    first.value.append('c', { kind: 'own', at, amount: 2, outcome: 'applied', sources: { popup: 2 } }, ZONE);
    await storage.save(first.value.toFile());
    const second = await storage.load();
    expect(second.notice).toBeUndefined();
    expect(second.value.today(at, ZONE)).toEqual({ c: 2 });
  });

  it.each([
    ['not JSON', '{"format": "counter-tray-act'],
    ['a foreign JSON file', JSON.stringify({ pinned: [], theme: 'dark' })],
    ['a future version', JSON.stringify({ format: 'counter-tray-activity', version: 3, counters: {} })],
    ['an event with a wrong field', JSON.stringify({ format: 'counter-tray-activity', version: 1, counters: { c: { events: [{ kind: 'own', at: 'yesterday' }], days: {} } } })],
  ])('backs up and resets %s with a notice', async (_what, text) => {
    const { dir, path } = await tempFile();
    await writeFile(path, text, 'utf8');
    const loaded = await createFileRecordStorage(path, { now: () => new Date(at) }).load();
    expect(loaded.notice && said(loaded.notice)).toMatch(/reset\. A backup is at .*activity\.json\.corrupt-2026-11-23T09-00-00-000Z\.bak\./);
    expect(loaded.value.toFile().counters).toEqual({});
    const files = await readdir(dir);
    expect(files).toContain('activity.json.corrupt-2026-11-23T09-00-00-000Z.bak');
    expect(await readFile(join(dir, 'activity.json.corrupt-2026-11-23T09-00-00-000Z.bak'), 'utf8')).toBe(text);
  });

  it('runs without history, with a notice, when the path cannot be read', async () => {
    const { path } = await tempFile();
    await mkdir(path); // a directory where the file should be
    const loaded = await createFileRecordStorage(path).load();
    expect(loaded.notice && said(loaded.notice)).toMatch(/could not be read/);
  });

  it('writes once per burst, a delay after the first change, and flushes on demand', async () => {
    const clock = new FakeClock();
    const record = new ActivityRecord();
    const saves: number[] = [];
    const writer = createRecordWriter({
      clock,
      delayMs: 1000,
      snapshot: () => record.toFile(),
      save: async (file) => void saves.push(file.version === 2 ? (Object.values(file.counters)[0]?.events.length ?? 0) : -1),
    });
    for (let i = 0; i < 50; i += 1) {
      record.append('c', { kind: 'own', at: at + i, amount: 1, outcome: 'applied', sources: {} }, ZONE);
      writer.schedule();
    }
    expect(saves).toEqual([]); // nothing on the click path
    await clock.advance(1000);
    expect(saves).toEqual([50]);
    record.append('c', { kind: 'own', at: at + 99, amount: 1, outcome: 'applied', sources: {} }, ZONE);
    writer.schedule();
    await writer.flush();
    expect(saves).toEqual([50, 51]);
    await clock.advance(5000);
    expect(saves).toEqual([50, 51]);
  });

  it('a failed write does not throw and the next change retries', async () => {
    const clock = new FakeClock();
    let fail = true;
    const saved: string[] = [];
    const errors: unknown[] = [];
    const writer = createRecordWriter({
      clock,
      snapshot: () => new ActivityRecord().toFile(),
      save: async () => {
        if (fail) throw new Error('disk full');
        saved.push('ok');
      },
      onError: (e) => errors.push(e),
    });
    writer.schedule();
    await clock.advance(1000);
    expect(errors).toHaveLength(1);
    fail = false;
    writer.schedule();
    await clock.advance(1000);
    expect(saved).toEqual(['ok']);
  });
});
