// The groups file is untrusted input like the account's other files: hand-written hostile files
// are refused, moved aside with a notice, and the account starts with nothing organised; each
// bound has a negative control (a weakened schema lets the same file in). And the bound is
// roomy enough: groups, order, hidden and change times for 5 000 counters stay under 1 MB.
import { mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createFileOrganiseStorage, ORGANISE_LIMITS, OrganiseFile, organiseFileSchema, toOrganiseFile, type OrganiseLimits } from '../../../../src-main/app/organise/organise-file';
import { createTextFile } from '../../../../src-main/app/storage/text-file';
import { emptyOrganisation, ORGANISE_FILE_MAX_BYTES, type Organisation } from '../../../../src-shared/domain/organise';
import { said } from '../../../../dev-tools/support/i18n';

const AT = new Date(Date.UTC(2026, 10, 23, 9, 0, 0));
const BACKUP = 'organise.json.corrupt-2026-11-23T09-00-00-000Z.bak';
const id = (n: number) => `019a4f2e-8c00-7d3a-9b1e-${n.toString(16).padStart(12, '0')}`;
const A = id(1);
const B = id(2);

const file = (parts: Record<string, string> = {}) => {
  const fields = { format: '"counter-tray-organise"', version: '1', groups: '[]', order: '[]', hidden: '[]', sort: '"manual"', changedAt: '{}', ...parts };
  return `{${Object.entries(fields)
    .map(([k, v]) => `"${k}":${v}`)
    .join(',')}}`;
};
const group = (name: string, counters: string[] = [], gid = 'g1') => `{"id":"${gid}","name":${JSON.stringify(name)},"folded":false,"counters":${JSON.stringify(counters)}}`;

const HOSTILE: [string, string][] = [
  ['not JSON', '{"format":'],
  ['another format', file({ format: '"counter-tray-goals"' })],
  ['a later version', file({ version: '2' })],
  ['wrong types: groups as an object', file({ groups: '{}' })],
  ['wrong types: a folded flag in words', file({ groups: `[{"id":"g1","name":"Work","folded":"yes","counters":[]}]` })],
  ['wrong types: a sort nobody offers', file({ sort: '"random"' })],
  ['wrong types: a change time in words', file({ changedAt: `{"${A}":"yesterday"}` })],
  ['wrong types: an id that is a number', file({ order: '[12]' })],
  ['a field the format does not have', file({ owner: '"me"' })],
  ['huge strings: a group name of 100 000 characters', file({ groups: `[${group('x'.repeat(100_000))}]` })],
  ['huge strings: an empty group name', file({ groups: `[${group('')}]` })],
  ['huge strings: a group name with a right-to-left override and a line break', file({ groups: `[${group('Work\u202e\nfdp.exe')}]` })],
  ['huge strings: a counter id of 10 000 characters', file({ hidden: `["${'a'.repeat(10_000)}"]` })],
  ['huge strings: a group id not made by the app', file({ groups: `[{"id":"../../etc","name":"Work","folded":false,"counters":[]}]` })],
  ['prototype keys: a change time for __proto__', file({ changedAt: '{"__proto__":1}' })],
  ['prototype keys: a change time for constructor', file({ changedAt: '{"constructor":1}' })],
  ['prototype keys: __proto__ among the hidden', file({ hidden: '["__proto__"]' })],
  ['duplicated ids: a counter hidden twice', file({ hidden: JSON.stringify([A, A]) })],
  ['duplicated ids: a counter twice in the order', file({ order: JSON.stringify([A, B, A]) })],
  ['duplicated ids: a counter in two groups', file({ groups: `[${group('Work', [A])},${group('Home', [A], 'g2')}]` })],
  ['duplicated ids: two groups with one id', file({ groups: `[${group('Work', [A])},${group('Home', [B])}]` })],
  ['201 groups', file({ groups: `[${Array.from({ length: 201 }, (_, i) => group(`G${i}`, [], `g${i.toString(36)}`)).join(',')}]` })],
  ['10 001 hidden counters', file({ hidden: JSON.stringify(Array.from({ length: 10_001 }, (_, i) => id(i))) })],
];

async function tempPath() {
  const dir = await mkdtemp(join(tmpdir(), 'organise-file-'));
  return { dir, path: join(dir, 'organise.json') };
}

async function loadText(text: string) {
  const { dir, path } = await tempPath();
  await writeFile(path, text, 'utf8');
  const loaded = await createFileOrganiseStorage(createTextFile(path, () => AT)).load();
  return { loaded, files: await readdir(dir), backupText: await readFile(join(dir, BACKUP), 'utf8').catch(() => null) };
}

/** 5 000 counters in 50 groups, all ordered by hand, half hidden, every one changed at some time. */
function large(): Organisation {
  const ids = Array.from({ length: 5_000 }, (_, i) => id(i));
  const groups = Array.from({ length: 50 }, (_, g) => ({ id: `g${g.toString(36)}`, name: `Group number ${g} with a long enough name`.slice(0, 60), folded: g % 2 === 0, counters: ids.slice(g * 100, g * 100 + 100) }));
  return { groups, order: [...ids].reverse(), hidden: ids.filter((_, i) => i % 2 === 0), sort: 'changed', changedAt: Object.fromEntries(ids.map((i, n) => [i, 1_790_000_000_000 + n])) };
}

describe('the groups file', () => {
  it('a good file comes back as written', async () => {
    const organisation: Organisation = { ...emptyOrganisation(), groups: [{ id: 'g1', name: 'Work', folded: true, counters: [A] }], order: [B, A], hidden: [B], sort: 'value', changedAt: { [A]: 5 } };
    const { loaded } = await loadText(JSON.stringify(toOrganiseFile(organisation)));
    expect(loaded).toEqual({ value: organisation });
  });

  it.each(HOSTILE)('a hostile file is refused, moved aside with a notice, nothing organised: %s', async (_what, text) => {
    const { loaded, files, backupText } = await loadText(text);
    expect(loaded.value).toEqual(emptyOrganisation());
    expect(loaded.notice && said(loaded.notice)).toMatch(/groups, hidden counters and order could not be read and were reset\. A backup is at .*\.bak\./);
    expect(files).toEqual([BACKUP]);
    expect(backupText).toBe(text);
  });

  it('negative control: each bound is what refuses its file (a schema without it lets the file in)', () => {
    const parse = (limits: Partial<OrganiseLimits>, what: string) => organiseFileSchema({ ...ORGANISE_LIMITS, ...limits }).safeParse(JSON.parse(HOSTILE.find(([name]) => name === what)![1])).success;
    // A name past the bound is also one the app would have cut: each bound alone refuses it.
    expect(parse({ nameLength: Infinity }, 'huge strings: a group name of 100 000 characters')).toBe(false);
    expect(parse({ nameLength: Infinity, cleanNames: false }, 'huge strings: a group name of 100 000 characters')).toBe(true);
    expect(parse({ strictIds: false }, 'huge strings: a counter id of 10 000 characters')).toBe(true);
    expect(parse({ strictIds: false }, 'prototype keys: a change time for constructor')).toBe(true);
    expect(parse({ strictIds: false }, 'prototype keys: __proto__ among the hidden')).toBe(true);
    // Without the key check zod drops "__proto__" silently: the file would load as if it had no such entry.
    expect(parse({ strictIds: false }, 'prototype keys: a change time for __proto__')).toBe(true);
    expect(parse({ unique: false }, 'duplicated ids: a counter hidden twice')).toBe(true);
    expect(parse({ unique: false }, 'duplicated ids: a counter twice in the order')).toBe(true);
    expect(parse({ unique: false }, 'duplicated ids: a counter in two groups')).toBe(true);
    expect(parse({ unique: false }, 'duplicated ids: two groups with one id')).toBe(true);
    expect(parse({ groups: Infinity }, '201 groups')).toBe(true);
    expect(parse({ cleanNames: false }, 'huge strings: a group name with a right-to-left override and a line break')).toBe(true);
    expect(parse({ ids: Infinity }, '10 001 hidden counters')).toBe(true);
  });

  it('groups and order for 5 000 counters fit under the 1 MB bound, and load back', async () => {
    const text = JSON.stringify(toOrganiseFile(large()));
    expect(Buffer.byteLength(text)).toBeLessThan(ORGANISE_FILE_MAX_BYTES);
    const { path } = await tempPath();
    const storage = createFileOrganiseStorage(createTextFile(path));
    await storage.save(toOrganiseFile(large()));
    expect(await storage.load()).toEqual({ value: large() });
  });

  it('an oversize file is refused unread and moved aside; negative control: its content alone passes the schema', async () => {
    // Well-formed, within every other bound: 9 000 ordered and hidden counters with change times, padded out with group names.
    const ids = Array.from({ length: 9_000 }, (_, i) => id(i));
    const padded = { ...large(), order: ids, hidden: ids, changedAt: Object.fromEntries(ids.map((i) => [i, 1_790_000_000_000])) };
    const text = JSON.stringify(toOrganiseFile(padded));
    expect(Buffer.byteLength(text)).toBeGreaterThan(ORGANISE_FILE_MAX_BYTES);
    expect(OrganiseFile.safeParse(JSON.parse(text)).success).toBe(true);
    const { loaded, backupText } = await loadText(text);
    expect(loaded.value).toEqual(emptyOrganisation());
    expect(loaded.notice && said(loaded.notice)).toMatch(/were reset\. A backup is at/);
    expect(backupText).toBe(text);
  });
});
