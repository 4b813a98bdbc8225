// The activity export with the app layer and the real core against the reference service: the
// popup names what to export, never where; main's save dialog (here a stand-in for the
// SaveFilePort) answers the path and main writes the file. The file is RFC 4180 CSV with
// ISO times in the user's zone, and a counter name another member made a formula stays text,
// in every spreadsheet locale (read with a comma, a semicolon and a tab as list separator).
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createHeadlessApp } from '../../../../dev-tools/headless/headless-app';
import type { SaveFilePort, SaveFileRequest } from '../../../../src-main/app/ports';
import { EXPORT_COLUMNS } from '../../../../src-main/app/export/activity-csv';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { SHARED, USERS, onCleanup, startService } from '../../../support/core-harness';
import { waitForState } from '../../../support/wait-for-state';
import { readCsv } from './csv-reader';
import { formulaCells, formulasInAnyView, parsedWith } from './spreadsheet-views';
import { said } from '../../../../dev-tools/support/i18n';

const COUNTER = SHARED[0] as string;
const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The user's answers in the save dialog, in order: a file name in a temp folder, 'cancel', or a folder that cannot be written. */
function dialog(answers: ('save' | 'cancel' | 'unwritable')[]) {
  const dir = mkdtempSync(join(tmpdir(), 'counter-tray-export-'));
  dirs.push(dir);
  const asked: SaveFileRequest[] = [];
  const written: string[] = [];
  const port: SaveFilePort = {
    async save(request) {
      asked.push(request);
      const answer = answers.shift();
      if (answer === 'cancel' || answer === undefined) return { status: 'cancelled' };
      const path = answer === 'unwritable' ? join(dir, 'missing-folder', 'x.csv') : join(dir, request.defaultFileName);
      const { writeFile } = await import('node:fs/promises');
      await writeFile(path, request.text, 'utf8');
      written.push(path);
      return { status: 'saved', fileName: basename(path) };
    },
  };
  return { port, asked, written };
}

async function signedIn(port: SaveFilePort) {
  const service = await startService();
  const logged: string[] = [];
  const app = createHeadlessApp({
    systemTimezone: 'Europe/Berlin',
    settings: { ...DEFAULT_SETTINGS, serverUrl: service.url },
    storedToken: { token: USERS.ada.token, origin: new URL(service.url).origin, storage: 'encrypted' },
    saveFile: port,
    logger: { info: () => undefined, warn: (m) => logged.push(m), error: (m) => logged.push(m) },
  });
  onCleanup(() => app.stop());
  await app.start();
  await waitForState(app, (s) => s.core?.connection.status === 'live');
  return { service, app, logged };
}

describe('export through main’s save dialog', () => {
  it('writes the activity as CSV where the user chose: ISO times in the user’s zone, a formula name kept as text', async () => {
    const { port, asked, written } = dialog(['save']);
    const { service, app } = await signedIn(port);
    await app.dispatch('counter:increment', { id: COUNTER, amount: 3 });
    await waitForState(app, (s) => s.activity?.today[COUNTER] === 3 && s.core?.counters.find((c) => c.id === COUNTER)?.pending === false);
    // Another member renames the counter to a formula and adds one.
    const alan = (method: string, path: string, body?: unknown) =>
      fetch(`${service.url}${path}`, { method, headers: { Authorization: `Bearer ${USERS.alan.token}`, 'Content-Type': 'application/json' }, ...(body ? { body: JSON.stringify(body) } : {}) });
    expect((await alan('PATCH', `/v2/counters/${COUNTER}`, { name: '=HYPERLINK("http://e.x","hi")' })).status).toBe(200);
    expect((await alan('POST', `/v2/counters/${COUNTER}/increment`)).status).toBe(200);
    await waitForState(app, (s) => s.activity?.today[COUNTER] === 4);

    const answer = await app.dispatch('activity:export', { scope: 'counter', id: COUNTER });
    expect(answer).toMatchObject({ ok: true, value: { status: 'saved', rows: 3 } });
    expect(asked[0] && said(asked[0].title)).toBe('Export the activity of =HYPERLINK("http://e.x","hi")');
    expect(asked[0]).toMatchObject({ defaultFileName: expect.stringMatching(/^hyperlink-http-e-x-hi-activity-\d{4}-\d{2}-\d{2}\.csv$/), filter: { extensions: ['csv'] } });
    const rows = readCsv(readFileSync(written[0] as string, 'utf8'));
    expect(rows[0]).toEqual([...EXPORT_COLUMNS]);
    expect(formulaCells(rows)).toEqual([]);
    const name = `'=HYPERLINK("http://e.x","hi")`;
    expect(rows.slice(1).map((r) => r.slice(2))).toEqual([
      [name, 'UpDown', 'change', 'you', '3', '', '', 'applied', 'popup:3', '', ''],
      [name, 'UpDown', 'edit', 'others', '', '', '', '', '', 'name', ''],
      [name, 'UpDown', 'change', 'others', '1', '103', '104', '', '', '', ''],
    ]);
    for (const row of rows.slice(1)) {
      // The instant it names is the event's; the offset is Berlin's then (Intl's own longOffset, an independent reading).
      const at = Date.parse(row[0] as string);
      expect(Math.abs(Date.now() - at)).toBeLessThan(60_000);
      const offset = new Intl.DateTimeFormat('en', { timeZone: 'Europe/Berlin', timeZoneName: 'longOffset' }).formatToParts(at).find((p) => p.type === 'timeZoneName')?.value.replace('GMT', '');
      expect(row[0]).toMatch(new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}\\${offset}$`));
    }
    expect(rows[1]?.[1]).toBe(COUNTER);
  });

  it('a name another member chose stays text under a semicolon or tab list separator too (German Excel)', async () => {
    const { port, written } = dialog(['save']);
    const { service, app } = await signedIn(port);
    const name = "Kaffee;=cmd|' /C calc'!A0";
    const renamed = await fetch(`${service.url}/v2/counters/${COUNTER}`, {
      method: 'PATCH',
      headers: { Authorization: `Bearer ${USERS.alan.token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ name }),
    });
    expect(renamed.status).toBe(200);
    await waitForState(app, (s) => s.core?.counters.find((c) => c.id === COUNTER)?.name === name);
    expect(await app.dispatch('activity:export', { scope: 'counter', id: COUNTER })).toMatchObject({ ok: true, value: { status: 'saved' } });
    const text = readFileSync(written[0] as string, 'utf8');
    expect(formulasInAnyView(text)).toEqual([]);
    // A comma reader still gets the name, with an apostrophe where a semicolon reader would start a cell.
    const rows = parsedWith(text, ',');
    expect(rows.slice(1).map((row) => row[2])).toEqual(["Kaffee;'=cmd|' /C calc'!A0"]);
    expect(parsedWith(text, ';').slice(1).map((row) => row[1])).toEqual(["'=cmd|' /C calc'!A0\",UpDown,edit,others,,,,,,name,"]);
  });

  it('names each counter’s group in the last column, through the same quoting and neutralising', async () => {
    const { port, written } = dialog(['save']);
    const { app } = await signedIn(port);
    await app.dispatch('counter:increment', { id: COUNTER });
    await waitForState(app, (s) => s.activity?.today[COUNTER] === 1);
    const created = await app.dispatch('group:create', { name: '=SUM(1;2), "work"' });
    expect(created).toMatchObject({ ok: true });
    const group = (created as { value: string }).value;
    expect(await app.dispatch('counter:place', { id: COUNTER, group, before: null })).toEqual({ ok: true, value: null });
    expect(await app.dispatch('activity:export', { scope: 'all' })).toMatchObject({ ok: true, value: { status: 'saved' } });
    const text = readFileSync(written[0] as string, 'utf8');
    expect(formulasInAnyView(text)).toEqual([]);
    const rows = readCsv(text);
    expect(rows[0]?.at(-1)).toBe('group');
    const mine = rows.slice(1).filter((r) => r[1] === COUNTER);
    expect(mine.length).toBeGreaterThan(0);
    for (const row of mine) expect(row.at(-1)).toBe(`'=SUM(1;2), "work"`);
    // Counters in no group: an empty cell.
    for (const row of rows.slice(1).filter((r) => r[1] !== COUNTER)) expect(row.at(-1)).toBe('');
  });

  it('a cancelled dialog writes nothing; a failed write says so without the path; all counters go into one file', async () => {
    const { port, written } = dialog(['cancel', 'unwritable', 'save']);
    const { app, logged } = await signedIn(port);
    expect(await app.dispatch('activity:export', { scope: 'all' })).toEqual({ ok: true, value: { status: 'cancelled' } });
    expect(written).toEqual([]);
    const failed = await app.dispatch('activity:export', { scope: 'all' });
    expect(failed).toEqual({ ok: false, error: { code: 'export-failed', message: 'The file could not be saved. Try another folder.', words: { key: 'error.exportFailed' } } });
    expect(logged.some((line) => line.startsWith('export not saved: ENOENT'))).toBe(true);
    expect(await app.dispatch('activity:export', { scope: 'all' })).toMatchObject({ ok: true, value: { status: 'saved', fileName: expect.stringMatching(/^counter-tray-activity-/) } });
  });

  it('never takes a path (or anything else) from the popup', async () => {
    const { port, asked } = dialog(['save']);
    const { app } = await signedIn(port);
    for (const request of [{ scope: 'all', path: '/tmp/evil.csv' }, { scope: 'counter', id: COUNTER, defaultPath: '/etc/passwd' }, { scope: 'file', path: '/tmp/x' }]) {
      expect(await app.dispatch('activity:export', request)).toMatchObject({ ok: false, error: { code: 'invalid-payload' } });
    }
    expect(asked).toEqual([]);
  });
});
