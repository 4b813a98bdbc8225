// Applies the shortcut map with Electron's globalShortcut: only the diff is
// (un)registered (planRegistration), and every registration that fails (taken by
// another app; Wayland without the GlobalShortcuts portal) is reported to the UI.
import type { AppState } from '../../src-shared/ipc/contract';
import type { Settings } from '../../src-shared/domain/settings';
import type { AppPlatform } from '../app/ports';
import type { ShortcutAction } from '../app/shortcut-rules';
import { planRegistration } from '../shell/shortcuts';

export interface GlobalShortcutLike {
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
      let reason = 'Another application already uses this shortcut, or the desktop does not allow global shortcuts (Wayland: bind `counter-tray --increment "<name>"` in your keyboard settings).';
      try {
        ok = globalShortcut.register(accelerator, () => onAction(action));
      } catch (error) {
        reason = error instanceof Error ? error.message : String(error);
      }
      if (ok) registered.set(accelerator, action);
      else failures.push({ accelerator, message: reason });
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
