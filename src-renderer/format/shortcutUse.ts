import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Settings } from '../../src-shared/domain/settings';
import { sameAccelerator } from './accelerator';

export interface ShortcutSlot {
  /** "open", or "<counterId>:increment" / "<counterId>:decrement". */
  key: string;
  accelerator: string;
  label: string;
}

/** Every shortcut the settings hold, named for people ("+1 on Coffees today"). */
export function shortcutSlots(settings: Settings, counters: readonly CounterState[]): ShortcutSlot[] {
  const names = new Map(counters.map((c) => [c.id, c.name]));
  const slots: ShortcutSlot[] = [];
  if (settings.shortcuts.open) slots.push({ key: 'open', accelerator: settings.shortcuts.open, label: 'Open the popup' });
  for (const [id, pair] of Object.entries(settings.shortcuts.counters)) {
    const name = names.get(id) ?? 'a counter no longer shared';
    if (pair.increment) slots.push({ key: `${id}:increment`, accelerator: pair.increment, label: `+1 on ${name}` });
    if (pair.decrement) slots.push({ key: `${id}:decrement`, accelerator: pair.decrement, label: `−1 on ${name}` });
  }
  return slots;
}

/** The label of another slot using this accelerator, or null. */
export function conflictFor(slots: readonly ShortcutSlot[], ownKey: string, accelerator: string): string | null {
  return slots.find((slot) => slot.key !== ownKey && sameAccelerator(slot.accelerator, accelerator))?.label ?? null;
}

export function failureFor(failures: readonly { accelerator: string; message: string }[], accelerator: string | null | undefined): string | undefined {
  if (!accelerator) return undefined;
  return failures.find((f) => sameAccelerator(f.accelerator, accelerator))?.message;
}
