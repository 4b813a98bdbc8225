import { describe, expect, it } from 'vitest';
import { checkAccelerator, validateShortcutMap, type ShortcutAction } from '../../src-main/app/shortcut-rules';
import { checkLoadedSettings } from '../../src-main/app/settings-rules';
import { planRegistration } from '../../src-main/shell/shortcuts';
import { DEFAULT_SETTINGS } from '../../src-shared/domain/settings';
import { COFFEE_ID, TRIP_ID } from './fakes';

describe('checkAccelerator', () => {
  it.each([
    ['CommandOrControl+Shift+K', 'CommandOrControl+Shift+K'],
    ['ctrl+shift+k', 'Control+Shift+K'],
    ['Shift+Ctrl+K', 'Control+Shift+K'],
    ['Alt+Plus', 'Alt+Plus'],
    ['Ctrl++', 'Control+Plus'],
    ['Super+F5', 'Super+F5'],
    ['Alt+Shift+C', 'Alt+Shift+C'],
    ['Ctrl+Alt+V', 'Control+Alt+V'],
    ['Super+Q', 'Super+Q'],
    ['Option+Up', 'Alt+Up'],
    ['Cmd+num5', 'Command+num5'],
    ['Control+Enter', 'Control+Return'],
  ])('accepts %s as %s', (input, normalized) => {
    expect(checkAccelerator(input)).toEqual({ ok: true, normalized });
  });

  it.each([
    ['', 'empty'],
    ['K', 'needs Ctrl, Cmd, Alt or Super'],
    ['F13', 'needs Ctrl, Cmd, Alt or Super'],
    ['Shift+A', 'needs Ctrl, Cmd, Alt or Super'],
    ['Shift+F5', 'needs Ctrl, Cmd, Alt or Super'],
    ['CommandOrControl+C', 'editing shortcut'],
    ['Ctrl+V', 'editing shortcut'],
    ['Cmd+X', 'editing shortcut'],
    ['Control+Z', 'editing shortcut'],
    ['Ctrl+Shift+Z', 'editing shortcut'],
    ['CmdOrCtrl+A', 'editing shortcut'],
    ['Command+Q', 'editing shortcut'],
    ['Ctrl+Shift+C', 'editing shortcut'],
    ['Alt+F4', 'closes windows'],
    ['__proto__+K', 'not a key'],
    ['Ctrl+Shift', 'no key'],
    ['Ctrl+K+L', 'two keys'],
    ['Ctrl+Banana', 'not a key'],
    ['K+Ctrl', 'must come before'],
    ['Ctrl++K', 'empty part'],
  ])('rejects “%s” (%s)', (input, why) => {
    const result = checkAccelerator(input);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message).toContain(why);
  });
});

describe('validateShortcutMap', () => {
  it('reports bad syntax and the same shortcut twice, in any spelling', () => {
    expect(validateShortcutMap({ open: 'Ctrl+Alt+C', counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+1', decrement: 'Ctrl+Alt+2' } } })).toEqual([]);
    const problems = validateShortcutMap({ open: 'Ctrl+Alt+C', counters: { [COFFEE_ID]: { increment: 'alt+control+c' }, [TRIP_ID]: { increment: 'Hyper+T' } } });
    expect(problems).toHaveLength(2);
    expect(problems[0]).toContain('used twice');
    expect(problems[1]).toContain('Hyper');
  });

  // Electron registers keys, not text (ui::Accelerator; shell/browser/ui/accelerator_util.cc): the Electron
  // double's globalShortcut refused the second of these as already held, which the app reported as another app's.
  it.each([
    ['CommandOrControl+Alt+K', 'Control+Alt+K', 'CommandOrControl is Control on Windows and Linux'],
    ['CommandOrControl+Alt+K', 'Cmd+Alt+K', 'CommandOrControl is Command on macOS'],
    ['Super+Alt+K', 'Cmd+Alt+K', 'Super, Meta and Cmd are one key'],
    ['Ctrl+Alt+Plus', 'Ctrl+Alt+Shift+=', 'Plus is Shift with ='],
    ['Ctrl+Alt+!', 'Ctrl+Alt+Shift+1', 'a shifted character is Shift with its key'],
  ])('“%s” and “%s” are one shortcut (%s)', (first, second) => {
    expect(validateShortcutMap({ open: first, counters: { [COFFEE_ID]: { increment: second } } })).toEqual([expect.stringContaining('used twice')]);
  });

  it('a settings file holding one key combination twice keeps the first on load', () => {
    const loaded = { ...DEFAULT_SETTINGS, shortcuts: { open: 'CommandOrControl+Alt+K', counters: { [COFFEE_ID]: { increment: 'Control+Alt+K', decrement: 'Ctrl+Alt+J' } } } };
    const { settings, problems } = checkLoadedSettings(loaded, null);
    expect(settings.shortcuts).toEqual({ open: 'CommandOrControl+Alt+K', counters: { [COFFEE_ID]: { decrement: 'Ctrl+Alt+J' } } });
    expect(problems).toEqual([expect.stringContaining('(Control+Alt+K)')]);
  });

  it('Control and Super, or = and Shift+=, stay two shortcuts', () => {
    expect(validateShortcutMap({ open: 'Control+Alt+K', counters: { [COFFEE_ID]: { increment: 'Super+Alt+K', decrement: 'Ctrl+Alt+=' }, [TRIP_ID]: { increment: 'Ctrl+Alt+Plus' } } })).toEqual([]);
  });
});

describe('planRegistration', () => {
  const open: ShortcutAction = { kind: 'open' };
  const inc: ShortcutAction = { kind: 'increment', counterId: COFFEE_ID };

  it('registers everything from nothing', () => {
    expect(planRegistration(new Map(), { open: 'Ctrl+Alt+C', counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+1' } } })).toEqual({
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
    const plan = planRegistration(registered, { open: 'ctrl+alt+c', counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+2' } } });
    expect(plan).toEqual({
      unregister: ['Control+Alt+1', 'Control+Alt+9'],
      register: [{ accelerator: 'Control+Alt+2', action: inc }],
    });
  });

  it('re-binds an accelerator that now triggers another action', () => {
    const plan = planRegistration(new Map([['Control+Alt+C', open]]), { open: null, counters: { [COFFEE_ID]: { increment: 'Ctrl+Alt+C' } } });
    expect(plan).toEqual({ unregister: ['Control+Alt+C'], register: [{ accelerator: 'Control+Alt+C', action: inc }] });
  });

  it('an empty map unregisters everything (quit, sign-out)', () => {
    expect(planRegistration(new Map([['Control+Alt+C', open]]), { open: null, counters: {} })).toEqual({ unregister: ['Control+Alt+C'], register: [] });
  });
});
