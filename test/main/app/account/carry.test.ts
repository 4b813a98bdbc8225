// The settings file is untrusted input: each hostile file is refused with a reason that names what is
// wrong and changes nothing, and each refusal has its negative control (a parser without that bound
// or check lets the same file in). An import previews what changes, applies, and one undo restores.
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { carryFileSchema, carryFileText, createCarry, parseCarryFile, requireKnown, CARRY_MAX_BYTES, type CarryFile } from '../../../../src-main/app/account/carry';
import { ORGANISE_LIMITS } from '../../../../src-main/app/organise/organise-file';
import { FileTooLargeError } from '../../../../src-main/app/storage/text-file';
import { en } from '../../../../dev-tools/support/i18n';
import type { CounterCore } from '../../../../src-main/core/contract';
import { DEFAULT_SETTINGS, Settings, type SettingsPatch } from '../../../../src-shared/domain/settings';

const id = (n: number) => `019a4f2e-8c00-7d3a-9b1e-${n.toString(16).padStart(12, '0')}`;
const [A, B, C] = [id(1), id(2), id(3)];
const KNOWN = new Set([A, B, C]);

const arrangement = () => ({
  settings: { ...DEFAULT_SETTINGS, serverUrl: 'https://counters.example', pinned: [A], steps: { [B]: 5 } },
  organise: { groups: [{ id: 'g1', name: 'Work', folded: false, counters: [A, B] }], order: [B, A, C], hidden: [C], sort: 'manual' as const },
  goals: { goals: { [A]: { target: 8, period: 'day' as const, count: 'all' as const } }, milestonesMuted: [] },
});
/** A good file, as JSON, with `change` applied to its parsed form. */
const fileText = (change: (file: Record<string, unknown>) => void = () => undefined) => {
  const file = JSON.parse(carryFileText(arrangement())) as Record<string, unknown>;
  change(file);
  return JSON.stringify(file);
};
const organise = (file: Record<string, unknown>) => file.organise as Record<string, unknown>;
const group = (n: number, name = `G${n}`) => ({ id: `g${n.toString(36)}`, name, folded: false, counters: [] });

const HOSTILE: [string, string, string][] = [
  ['not JSON', '{"format":', 'Not imported: the file is not JSON.'],
  ['too big', `${fileText()}${' '.repeat(CARRY_MAX_BYTES)}`, 'Not imported: the file is larger than 1 MB.'],
  ['another format', fileText((f) => (f.format = 'counter-tray-organise')), 'Not imported: this is not a Counter Tray settings file.'],
  ['a later version', fileText((f) => (f.version = 2)), 'Not imported: the file is from a newer Counter Tray (format 2).'],
  ['100 000 groups', fileText((f) => (organise(f).groups = Array.from({ length: 100_000 }, (_, i) => group(i)))), 'Not imported: the file is larger than 1 MB.'],
  ['201 groups', fileText((f) => (organise(f).groups = Array.from({ length: 201 }, (_, i) => group(i)))), 'Not imported: “organise.groups” is not as Counter Tray writes it.'],
  ['a __proto__ key among the steps', fileText().replace('"steps": {', '"steps": {"__proto__": {"polluted": 1},').replace('"steps":{', '"steps":{"__proto__":{"polluted":1},'), 'Not imported: the file holds “__proto__”, which is never imported.'],
  ['a token field', fileText((f) => (f.token = 'ct_live_0123456789abcdef')), 'Not imported: the file holds “token”, which is never imported.'],
  ['a token among the settings', fileText((f) => ((f.settings as Record<string, unknown>).token = 'ct_live_0123456789abcdef')), 'Not imported: the file holds “settings.token”, which is never imported.'],
  ['links allowed behind main’s dialog', fileText((f) => ((f.settings as Record<string, unknown>).allowLinks = true)), 'Not imported: the file holds “settings.allowLinks”, which is never imported.'],
  ['script in a group name', fileText((f) => (organise(f).groups = [group(1, '<script>alert(1)</script>\u202e\nexe')])), 'Not imported: “organise.groups.0.name” is not as Counter Tray writes it.'],
  ['a server that is not http', fileText((f) => (f.serverUrl = 'javascript:alert(1)')), 'Not imported: “serverUrl” is not as Counter Tray writes it.'],
  ['a goal for an id the service never made', fileText((f) => (f.goals = { '../../etc': { target: 1, period: 'day', count: 'all' } })), 'Not imported: “goals.../../etc” is not as Counter Tray writes it.'],
];

const CORES = { ada: {}, bob: {} } as unknown as Record<'ada' | 'bob', CounterCore>;

/** The invoke handlers' context as plain state; every write is recorded. */
function fakeApp(text: string | null | Error) {
  const state = arrangement();
  const writes: string[] = [];
  const app = { owner: 'ada' as keyof typeof CORES, state, writes, carry: undefined as unknown as ReturnType<typeof createCarry> };
  const goals = {
    carried: () => structuredClone(state.goals),
    carry: async (next: typeof state.goals) => {
      writes.push('goals');
      state.goals = next;
    },
  };
  app.carry = createCarry({
    settings: { current: () => state.settings },
    organise: {
      view: () => ({ ...structuredClone(state.organise), changedAt: {} }),
      arrange: async (next) => {
        writes.push('organise');
        state.organise = next as typeof state.organise;
      },
    },
    records: () => ({ goals }),
    // An account is its running core: one object each.
    session: { core: () => CORES[app.owner] },
    updateSettings: async (patch: SettingsPatch) => {
      writes.push('settings');
      state.settings = Settings.parse({ ...state.settings, ...patch });
    },
    knownCounterIds: () => KNOWN,
    saveFile: undefined,
    openFile: { open: () => (text instanceof Error ? Promise.reject(text) : Promise.resolve(text)) },
    warn: () => undefined,
  });
  return app;
}

describe('the settings file', () => {
  it.each(HOSTILE)('refused with its reason, nothing changed: %s', async (_what, text, reason) => {
    const { carry, state, writes } = fakeApp(text);
    const before = structuredClone(state);
    await expect(carry.pick()).rejects.toThrow(reason);
    await expect(carry.apply()).rejects.toThrow('Pick a file to import first.');
    expect(writes).toEqual([]);
    expect(state).toEqual(before);
  });

  it('a file over the bound is refused unread, with the same reason', async () => {
    const { carry, writes } = fakeApp(new FileTooLargeError(5_000_000, CARRY_MAX_BYTES));
    await expect(carry.pick()).rejects.toThrow('Not imported: the file is larger than 1 MB.');
    expect(writes).toEqual([]);
  });

  it('counters not shared with the user are refused, counted; negative control: the schema alone lets them in', async () => {
    const text = fileText((f) => {
      organise(f).order = [id(9), A];
      f.goals = { [id(10)]: { target: 1, period: 'day', count: 'all' } };
      (f.settings as Record<string, unknown>).reminders = { [id(11)]: { time: '08:00', days: [1] } };
    });
    const { carry, writes } = fakeApp(text);
    await expect(carry.pick()).rejects.toThrow('Not imported: 3 counters in it are not shared with you.');
    expect(writes).toEqual([]);
    const parsed = parseCarryFile(text);
    expect(() => requireKnown(parsed, new Set([...KNOWN, id(9), id(10), id(11)]))).not.toThrow();
  });

  it('negative control: without each bound or check, the same hostile file gets through', () => {
    const text = (what: string) => HOSTILE.find(([name]) => name === what)![1];
    const loose = (limits: Partial<typeof ORGANISE_LIMITS>) => carryFileSchema({ ...ORGANISE_LIMITS, ...limits });
    // No size bound: 100 000 groups parse, and only the group bound would stop them.
    expect(loose({ groups: Infinity }).safeParse(JSON.parse(text('100 000 groups'))).success).toBe(true);
    expect(loose({ groups: Infinity }).safeParse(JSON.parse(text('201 groups'))).success).toBe(true);
    expect(loose({ cleanNames: false }).safeParse(JSON.parse(text('script in a group name'))).success).toBe(true);
    expect(loose({ strictIds: false }).safeParse(JSON.parse(text('a goal for an id the service never made'))).success).toBe(true);
    // Plain JSON.parse and zod: the "__proto__" step is dropped without a word, the file accepted as if it had none.
    const proto = z.object({ settings: z.object({ steps: z.record(z.string(), z.number()) }) }).safeParse(JSON.parse(text('a __proto__ key among the steps')));
    expect(proto.success && Object.keys(proto.data.settings.steps)).toEqual([B]);
    // Objects that strip unknown keys would take a token and allowLinks in silence.
    const stripping = z.object({ format: z.string(), settings: Settings.partial() });
    for (const what of ['a token field', 'a token among the settings', 'links allowed behind main’s dialog']) expect(stripping.safeParse(JSON.parse(text(what))).success, what).toBe(true);
    // Without the reader's bound the oversized text is good JSON of a good file.
    expect(carryFileSchema().safeParse(JSON.parse(text('too big'))).success).toBe(true);
  });

  it('exports every preference Settings has, never the token, allowLinks or the version', () => {
    const file = JSON.parse(carryFileText(arrangement())) as CarryFile;
    const expected = Object.keys(Settings.shape).filter((key) => !['version', 'serverUrl', 'allowLinks'].includes(key));
    expect(Object.keys(file.settings).sort()).toEqual(expected.sort());
    expect(file.serverUrl).toBe('https://counters.example');
    expect(file.organise.changedAt).toEqual({});
    expect(parseCarryFile(carryFileText(arrangement()))).toEqual(file);
  });

  it('previews counts per kind, applies, and one undo restores exactly the state before', async () => {
    const text = fileText((f) => {
      organise(f).groups = [group(1, 'Home'), group(2, 'Work'), group(3, 'Gym')];
      organise(f).order = [A, B, C];
      f.goals = { [A]: { target: 8, period: 'day', count: 'all' }, [B]: { target: 2, period: 'week', count: 'mine' } };
      Object.assign(f.settings as object, { theme: 'dark', launchAtLogin: true, reminders: { [A]: { time: '20:00', days: [1, 2, 3, 4, 5] } } });
      f.serverUrl = 'https://other.example/api';
    });
    const { carry, state, writes } = fakeApp(text);
    const before = structuredClone(state);
    const preview = await carry.pick();
    expect(preview?.changes.map((change) => en.say(change))).toEqual(['3 groups', 'the order', '2 goals', '1 reminder', 'theme: Dark', '1 other setting']);
    expect(preview?.otherServer).toBe('https://other.example');
    expect(writes).toEqual([]);
    await carry.apply();
    expect(state.organise.groups.map((g) => g.name)).toEqual(['Home', 'Work', 'Gym']);
    expect(state.settings).toMatchObject({ theme: 'dark', launchAtLogin: true, serverUrl: 'https://counters.example', reminders: { [A]: { time: '20:00' } } });
    await expect(carry.apply()).rejects.toThrow('Pick a file to import first.');
    await carry.undo();
    expect(state).toEqual(before);
    await expect(carry.undo()).rejects.toThrow('There is no import to undo.');
  });

  it('an import or its undo belongs to the account it was made in: after a switch, neither applies', async () => {
    const app = fakeApp(fileText((f) => Object.assign(f.settings as object, { theme: 'dark' })));
    await app.carry.pick();
    app.owner = 'bob';
    await expect(app.carry.apply()).rejects.toThrow('Pick a file to import first.');
    app.owner = 'ada';
    await app.carry.pick();
    await app.carry.apply();
    app.owner = 'bob';
    await expect(app.carry.undo()).rejects.toThrow('There is no import to undo.');
    expect(app.state.settings.theme).toBe('dark');
  });
});
