import type { CounterState } from '../../src-shared/domain/snapshot';
import type { Settings } from '../../src-shared/domain/settings';
import type { Translator } from '../../src-shared/i18n/translator';
import type { WordsOnWire } from '../../src-shared/i18n/messages';
import { sameAccelerator } from './accelerator';

interface ShortcutSlot {
  /** "open", or "<counterId>:increment". */
  key: string;
  accelerator: string;
  label: string;
}

/** Named for people: "+1 on Coffees today", "−5 on Push-ups" (the counter's step). */
export function shortcutSlots(i18n: Translator, settings: Settings, counters: readonly CounterState[]): ShortcutSlot[] {
  const names = new Map(counters.map((c) => [c.id, c.name]));
  const slots: ShortcutSlot[] = [];
  if (settings.shortcuts.open) slots.push({ key: 'open', accelerator: settings.shortcuts.open, label: i18n.t('shortcut.open') });
  for (const [id, pair] of Object.entries(settings.shortcuts.counters)) {
    const name = names.get(id) ?? i18n.t('shortcut.unknownCounter');
    const step = settings.steps[id] ?? 1;
    if (pair.increment) slots.push({ key: `${id}:increment`, accelerator: pair.increment, label: i18n.t('shortcut.counter', { amount: i18n.signed(step), name }) });
    if (pair.decrement) slots.push({ key: `${id}:decrement`, accelerator: pair.decrement, label: i18n.t('shortcut.counter', { amount: i18n.signed(-step), name }) });
  }
  return slots;
}

export function conflictFor(slots: readonly ShortcutSlot[], ownKey: string, accelerator: string): string | null {
  return slots.find((slot) => slot.key !== ownKey && sameAccelerator(slot.accelerator, accelerator))?.label ?? null;
}

interface Failure {
  accelerator: string;
  words?: WordsOnWire | undefined;
}

export function failureFor(i18n: Translator, failures: readonly Failure[], accelerator: string | null | undefined): string | undefined {
  if (!accelerator) return undefined;
  const failure = failures.find((f) => sameAccelerator(f.accelerator, accelerator));
  if (!failure) return undefined;
  return (failure.words && i18n.say(failure.words)) ?? i18n.t('shortcut.taken');
}
