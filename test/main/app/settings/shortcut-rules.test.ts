import { describe, expect, it } from 'vitest';
import { checkAccelerator, MAX_GLOBAL_SHORTCUTS, validateShortcutMap, type ShortcutAction } from '../../../../src-main/app/settings/shortcut-rules';
import type { AppPlatform } from '../../../../src-main/app/ports';
import { applySettingsPatch, checkLoadedSettings } from '../../../../src-main/app/settings/settings-rules';
import { planRegistration } from '../../../../src-main/desktop/shortcuts';
import { DEFAULT_SETTINGS } from '../../../../src-shared/domain/settings';
import { SHORTCUT_TABLE, tableAllows } from '../../../support/shortcut-table';
import { COFFEE_ID, TRIP_ID } from '../../../support/app-fakes';
import { said } from '../../../../dev-tools/support/i18n';

const PLATFORMS: AppPlatform[] = ['darwin', 'win32', 'linux'];

describe('checkAccelerator', () => {
  it.each([
    ['CommandOrControl+Shift+K', 'CommandOrControl+Shift+K'],
    ['ctrl+shift+k', 'Control+Shift+K'],
    ['Shift+Ctrl+K', 'Control+Shift+K'],
    ['Ctrl+Alt+Plus', 'Control+Alt+Plus'],
    ['Ctrl+Alt++', 'Control+Alt+Plus'],
    ['Ctrl+Alt+V', 'Control+Alt+V'],
    ['Control+Alt+Enter', 'Control+Alt+Return'],
    ['Cmd+Ctrl+num5', 'Command+Control+num5'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(checkAccelerator(input, 'darwin')).toMatchObject({ ok: true, normalized });
  });

  it.each([
    ['', 'empty'],
    ['__proto__+K', 'not a key'],
    ['Ctrl+Shift', 'no key'],
    ['Ctrl+K+L', 'two keys'],
    ['Ctrl+Banana', 'not a key'],
    ['K+Ctrl', 'must come before'],
    ['Ctrl++K', 'empty part'],
  ])('rejects “%s” (%s)', (input, why) => {
    const result = checkAccelerator(input, 'linux');
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(why);
  });

  it('says why, in the words of the platform', () => {
    expect(checkAccelerator('Super+V', 'darwin')).toMatchObject({ ok: false, message: expect.stringContaining('editing shortcut') });
    expect(checkAccelerator('Cmd+K', 'linux')).toMatchObject({ ok: false, message: expect.stringContaining('Command and Option do nothing on Linux') });
    expect(checkAccelerator('Super+L', 'win32')).toMatchObject({ ok: false, message: expect.stringContaining('belongs to the desktop') });
    expect(checkAccelerator('Alt+Tab', 'linux')).toMatchObject({ ok: false, message: expect.stringContaining('used by the system') });
    expect(checkAccelerator('Alt+Shift+C', 'darwin')).toMatchObject({ ok: false, message: expect.stringContaining('needs Cmd or Ctrl on macOS') });
  });
});

describe('the policy judged by an independent table (issue 23, points 4 and 12)', () => {
  /** Rows where a rule disagrees with the table. */
  const disagreements = (rule: (accelerator: string, platform: AppPlatform) => boolean) =>
    SHORTCUT_TABLE.flatMap(([accelerator]) => PLATFORMS.filter((p) => rule(accelerator, p) !== tableAllows(accelerator, p)).map((p) => `${accelerator} on ${p}`));

  it('main’s rules agree with the table on every row and platform', () => {
    expect(disagreements((a, p) => checkAccelerator(a, p).ok)).toEqual([]);
  });

  it('negative control: rules blind to the platform (Super read as the Windows key everywhere, as in 0.2) miss what Electron maps to Cmd', () => {
    const blind = disagreements((a) => checkAccelerator(a, 'linux').ok);
    expect(blind).toEqual(expect.arrayContaining(['Cmd+K on darwin', 'Super+L on darwin', 'Control+Space on darwin']));
    expect(blind.every((row) => row.endsWith('on darwin') || row.endsWith('on win32'))).toBe(true);
  });
});

describe('validateShortcutMap', () => {
  it('reports bad syntax and the same keys twice, in any spelling (Super and Cmd are one key on a Mac)', () => {
    expect(validateShortcutMap({ open: 'Ctrl+Alt+C', counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+1', decrement: 'Ctrl+Alt+2' } } }, 'linux')).toEqual([]);
    const problems = validateShortcutMap({ open: 'Ctrl+Alt+C', counters: { [COFFEE_ID]: { increment: 'alt+control+c' }, [TRIP_ID]: { increment: 'Hyper+T' } } }, 'linux');
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('used twice');
    expect(problems[1]).toContain('Hyper');
    expect(validateShortcutMap({ open: 'Super+Ctrl+K', counters: { [COFFEE_ID]: { increment: 'Cmd+Ctrl+K' } } }, 'darwin')).toEqual([expect.stringContaining('used twice')]);
    // On Windows Command does nothing: Cmd+Ctrl+K is Ctrl+K, another combination than Win+Ctrl+K.
    expect(validateShortcutMap({ open: 'Super+Ctrl+K', counters: { [COFFEE_ID]: { increment: 'Cmd+Ctrl+K' } } }, 'win32')).toEqual([]);
  });

  it(`takes at most ${MAX_GLOBAL_SHORTCUTS} shortcuts`, () => {
    const many = (n: number) => Object.fromEntries(Array.from({ length: n }, (_, i) => [`019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`, { increment: `Ctrl+Alt+F${(i % 12) + 13}`, decrement: `Ctrl+Shift+Alt+F${(i % 12) + 13}` }]));
    const ok = { open: null, counters: many(1) };
    expect(validateShortcutMap(ok, 'linux')).toEqual([]);
    const problems = validateShortcutMap({ open: null, counters: many(11) }, 'linux');
    expect(problems[0]).toMatch(/22 global shortcuts is too many: at most 20/);
  });
});

describe('settings:update takes shortcuts only for counters the app knows', () => {
  const context = (known: string[]) => ({ platform: 'linux' as const, knownCounterIds: new Set(known) });
  const madeUp = Array.from({ length: 440 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);

  it('refuses made-up ids (the 440 of the issue), keeps a shortcut already set for a counter gone meanwhile', () => {
    const patch = { shortcuts: { open: null, counters: Object.fromEntries(madeUp.slice(0, 3).map((id, i) => [id, { increment: `Ctrl+Alt+${i}` }])) } };
    expect(() => applySettingsPatch(DEFAULT_SETTINGS, patch, context([COFFEE_ID]))).toThrow(/only for counters shared with you/);
    const mine = { shortcuts: { open: null, counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+1' } } } };
    const set = applySettingsPatch(DEFAULT_SETTINGS, mine, context([COFFEE_ID]));
    // The counter is no longer listed; changing another setting keeps its shortcut.
    expect(applySettingsPatch(set, { ...mine, theme: 'dark' }, context([])).shortcuts).toEqual(mine.shortcuts);
  });

  it('negative control: with every id counted as known, the made-up ones go through up to the cap, and the cap stops the rest', () => {
    const patch = (n: number) => ({ shortcuts: { open: null, counters: Object.fromEntries(madeUp.slice(0, n).map((id, i) => [id, { increment: `Ctrl+Alt+F${i + 13}` }])) } });
    expect(applySettingsPatch(DEFAULT_SETTINGS, patch(3), context(madeUp)).shortcuts.counters).toHaveProperty(madeUp[0]!);
    const tooMany = () => applySettingsPatch(DEFAULT_SETTINGS, { shortcuts: { open: null, counters: Object.fromEntries(madeUp.map((id, i) => [id, { increment: `Ctrl+Alt+Shift+F${(i % 24) + 1}` }])) } }, context(madeUp));
    // The user reads the limit in the app's words; the log keeps the count.
    expect(tooMany).toThrow(expect.objectContaining({ code: 'invalid-shortcut', words: { key: 'error.tooManyShortcuts', values: { max: MAX_GLOBAL_SHORTCUTS } }, detail: expect.stringMatching(/440 global shortcuts is too many/) }));
  });

  it('says which limit a refused edit met: made-up counters in words of their own, a key problem in the code\'s sentence', () => {
    const made = { shortcuts: { open: null, counters: { [madeUp[0]!]: { increment: 'Ctrl+Alt+1' } } } };
    expect(() => applySettingsPatch(DEFAULT_SETTINGS, made, context([COFFEE_ID]))).toThrow(expect.objectContaining({ words: { key: 'error.shortcutUnknownCounter' } }));
    const bare = { shortcuts: { open: 'K', counters: {} } };
    expect(() => applySettingsPatch(DEFAULT_SETTINGS, bare, context([COFFEE_ID]))).toThrow(expect.objectContaining({ code: 'invalid-shortcut', words: undefined }));
  });
});

describe('one key combination, whatever the spelling (issue 30, on each platform)', () => {
  // Electron registers keys, not text (ui::Accelerator; shell/browser/ui/accelerator_util.cc): the Electron
  // double's globalShortcut refused the second of these as already held, which the app reported as another app's.
  it.each([
    ['CommandOrControl+Alt+K', 'Control+Alt+K', 'linux', 'CommandOrControl is Control on Windows and Linux'],
    ['CommandOrControl+Alt+K', 'Cmd+Alt+K', 'darwin', 'CommandOrControl is Command on macOS'],
    ['Super+Alt+K', 'Cmd+Alt+K', 'darwin', 'Super, Meta and Cmd are one key on macOS'],
    ['Ctrl+Alt+Plus', 'Ctrl+Alt+Shift+=', 'linux', 'Plus is Shift with ='],
    ['Ctrl+Alt+!', 'Ctrl+Alt+Shift+1', 'win32', 'a shifted character is Shift with its key'],
  ] as const)('“%s” and “%s” are one shortcut on %s (%s)', (first, second, platform, _why) => {
    expect(validateShortcutMap({ open: first, counters: { [COFFEE_ID]: { increment: second } } }, platform)).toEqual([expect.stringContaining('used twice')]);
  });

  it('a settings file holding one key combination twice keeps the first on load', () => {
    const loaded = { ...DEFAULT_SETTINGS, shortcuts: { open: 'CommandOrControl+Alt+K', counters: { [COFFEE_ID]: { increment: 'Control+Alt+K', decrement: 'Ctrl+Alt+J' } } } };
    const { settings, problems } = checkLoadedSettings(loaded, null, 'linux');
    expect(settings.shortcuts).toEqual({ open: 'CommandOrControl+Alt+K', counters: { [COFFEE_ID]: { decrement: 'Ctrl+Alt+J' } } });
    expect(problems.map((problem) => said(problem))).toEqual(['Shortcuts not allowed for a global key were removed: Control+Alt+K.']);
  });

  it.each(['linux', 'darwin'] as const)('Control and Super, or = and Shift+=, stay two shortcuts (%s)', (platform) => {
    expect(validateShortcutMap({ open: 'Control+Alt+K', counters: { [COFFEE_ID]: { increment: 'Super+Ctrl+Alt+K', decrement: 'Ctrl+Alt+=' }, [TRIP_ID]: { increment: 'Ctrl+Alt+Plus' } } }, platform)).toEqual([]);
  });
});

describe('planRegistration', () => {
  const open: ShortcutAction = { kind: 'open' };
  const inc: ShortcutAction = { kind: 'increment', counterId: COFFEE_ID };

  it('registers everything from nothing', () => {
    expect(planRegistration(new Map(), { open: 'Ctrl+Alt+C', counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+1' } } }, 'linux')).toEqual({
      unregister: [],
      register: [
        { accelerator: 'Control+Alt+C', action: open },
        { accelerator: 'Control+Alt+1', action: inc },
      ],
    });
  });

  it('keeps unchanged shortcuts registered, moves changed ones, drops removed ones', () => {
    const registered = new Map<string, ShortcutAction>([
      ['Control+Alt+C', open],
      ['Control+Alt+1', inc],
      ['Control+Alt+9', { kind: 'decrement', counterId: TRIP_ID }],
    ]);
    const plan = planRegistration(registered, { open: 'ctrl+alt+c', counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+2' } } }, 'linux');
    expect(plan).toEqual({
      unregister: ['Control+Alt+1', 'Control+Alt+9'],
      register: [{ accelerator: 'Control+Alt+2', action: inc }],
    });
  });

  it('re-binds an accelerator that now triggers another action', () => {
    const plan = planRegistration(new Map([['Control+Alt+C', open]]), { open: null, counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+C' } } }, 'linux');
    expect(plan).toEqual({ unregister: ['Control+Alt+C'], register: [{ accelerator: 'Control+Alt+C', action: inc }] });
  });

  it('an empty map unregisters everything (quit, sign-out)', () => {
    expect(planRegistration(new Map([['Control+Alt+C', open]]), { open: null, counters: {} }, 'linux')).toEqual({ unregister: ['Control+Alt+C'], register: [] });
  });

  it(`never registers more than ${MAX_GLOBAL_SHORTCUTS}, nor what this platform refuses`, () => {
    const counters = Object.fromEntries(Array.from({ length: 30 }, (_, i) => [`019a4f2e-8c00-7d3a-9b1e-${String(i).padStart(12, '0')}`, { increment: `Ctrl+Alt+Shift+F${i + 1 > 24 ? 24 : i + 1}`, decrement: `Super+Ctrl+F${(i % 24) + 1}` }]));
    expect(planRegistration(new Map(), { open: null, counters }, 'linux').register).toHaveLength(MAX_GLOBAL_SHORTCUTS);
    expect(planRegistration(new Map(), { open: 'Super+V', counters: {} }, 'darwin').register).toEqual([]);
  });
});
