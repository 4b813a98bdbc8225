// Applies the shortcut map: only the diff is (un)registered; every failed registration is reported.
import type { AppState } from '../../src-shared/ipc/contract';
import type { Settings } from '../../src-shared/domain/settings';
import { words } from '../../src-shared/i18n/messages';
import type { AppPlatform } from '../app/ports';
import type { ShortcutAction } from '../app/settings/shortcut-rules';
import { planRegistration } from '../desktop/shortcuts';

interface GlobalShortcutLike {
  register(accelerator: string, callback: () => void): boolean;
  unregister(accelerator: string): void;
}

export function createShortcutRegistrar(globalShortcut: GlobalShortcutLike, onAction: (action: ShortcutAction) => void, report: (failures: AppState['shortcutFailures']) => void, platform: AppPlatform) {
  const registered = new Map<string, ShortcutAction>();
  let failures: AppState['shortcutFailures'] = [];

  function apply(map: Settings['shortcuts']): void {
    const plan = planRegistration(registered, map, platform);
    for (const accelerator of plan.unregister) {
      globalShortcut.unregister(accelerator);
      registered.delete(accelerator);
    }
    const wanted = new Set(plan.register.map((r) => r.accelerator));
    // Retry earlier failures that are still wanted: the other app may have let go.
    failures = failures.filter((f) => !wanted.has(f.accelerator));
    for (const { accelerator, action } of plan.register) {
      let ok = false;
      // The user reads `words`; this text is for the log.
      let reason = 'taken by another application, or global shortcuts are not allowed here (Wayland: bind `counter-tray --increment "<name>"`)';
      try {
        ok = globalShortcut.register(accelerator, () => onAction(action));
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
      if (ok) registered.set(accelerator, action);
      else failures.push({ accelerator, message: reason, words: words('shortcut.taken') });
    }
    report(failures);
  }

  return {
    apply,
    unregisterAll(): void {
      for (const accelerator of registered.keys()) globalShortcut.unregister(accelerator);
      registered.clear();
    },
    registered: () => new Map(registered),
  };
}
