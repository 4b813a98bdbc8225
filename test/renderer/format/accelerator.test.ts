import { describe, expect, it } from 'vitest';
import { acceleratorFromKeyPress, normalizeAccelerator, sameAccelerator } from '../../../src-renderer/format/accelerator';

const press = (code: string, mods: Partial<Record<'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey', boolean>> = {}) => ({
  key: '',
  code,
  ctrlKey: false,
  metaKey: false,
  altKey: false,
  shiftKey: false,
  ...mods,
});

describe('accelerators', () => {
  it('maps the physical key with CommandOrControl per platform', () => {
    expect(acceleratorFromKeyPress(press('KeyK', { ctrlKey: true, shiftKey: true }), false)).toEqual({ kind: 'accelerator', accelerator: 'CommandOrControl+Shift+K' });
    expect(acceleratorFromKeyPress(press('Digit1', { metaKey: true, altKey: true }), true)).toEqual({ kind: 'accelerator', accelerator: 'CommandOrControl+Option+1' });
    expect(acceleratorFromKeyPress(press('ArrowUp', { altKey: true }), false)).toEqual({ kind: 'accelerator', accelerator: 'Alt+Up' });
    expect(acceleratorFromKeyPress(press('F7', { ctrlKey: true }), false)).toEqual({ kind: 'accelerator', accelerator: 'CommandOrControl+F7' });
  });

  it('waits for a key after modifiers, and refuses a plain key', () => {
    expect(acceleratorFromKeyPress(press('ShiftLeft', { shiftKey: true }), false)).toEqual({ kind: 'incomplete' });
    expect(acceleratorFromKeyPress(press('KeyA'), false)).toEqual({ kind: 'needsModifier', key: 'A' });
    // Shift alone, or a bare F-key, would still take a key from every app (main refuses them too).
    expect(acceleratorFromKeyPress(press('KeyA', { shiftKey: true }), false)).toEqual({ kind: 'needsModifier', key: 'A' });
    expect(acceleratorFromKeyPress(press('F7'), false)).toEqual({ kind: 'needsModifier', key: 'F7' });
  });

  it('compares accelerators as Electron does', () => {
    expect(sameAccelerator('CmdOrCtrl+shift+k', 'Shift+CommandOrControl+K')).toBe(true);
    expect(sameAccelerator('Ctrl+K', 'Alt+K')).toBe(false);
    expect(normalizeAccelerator('Option+A')).toBe(normalizeAccelerator('Alt+A'));
  });
});
