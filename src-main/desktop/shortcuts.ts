// Global shortcuts: compute what to unregister/register when the map
// changes. Pure; the Electron adapter (src-main/electron/shortcuts.ts) applies the plan
// with globalShortcut. Which shortcuts are acceptable is app policy (app/shortcut-rules.ts).
import type { AppPlatform } from '../app/ports';
import { checkAccelerator, listShortcuts, MAX_GLOBAL_SHORTCUTS, type ShortcutAction, type ShortcutMap } from '../app/settings/shortcut-rules';

export interface RegistrationPlan {
  unregister: string[];
  register: { accelerator: string; action: ShortcutAction }[];
}

const actionKey = (a: ShortcutAction) => (a.kind === 'open' ? 'open' : `${a.kind}:${a.counterId}`);

/**
 * The diff between what is registered and what the new map wants: untouched
 * shortcuts stay registered (re-registering could lose them to another app).
 * Keys are the accelerators as registered, so unregister uses the same string.
 * Only what main's rules accept on this platform, the same keys once, at most MAX_GLOBAL_SHORTCUTS.
 */
export function planRegistration(
  registered: ReadonlyMap<string, ShortcutAction>,
  next: ShortcutMap,
  platform: AppPlatform,
): RegistrationPlan {
  const wanted = new Map<string, ShortcutAction>();
  const keys = new Set<string>();
  for (const { accelerator, action } of listShortcuts(next)) {
    const check = checkAccelerator(accelerator, platform);
    if (!check.ok || keys.has(check.keys) || wanted.size >= MAX_GLOBAL_SHORTCUTS) continue;
    keys.add(check.keys);
    wanted.set(check.normalized, action);
  }
  const unregister: string[] = [];
  const keep = new Set<string>();
  for (const [accelerator, action] of registered) {
    const check = checkAccelerator(accelerator, platform);
    const want = check.ok ? wanted.get(check.normalized) : undefined;
    if (check.ok && want && actionKey(want) === actionKey(action)) keep.add(check.normalized);
    else unregister.push(accelerator);
  }
  const register = [...wanted].filter(([norm]) => !keep.has(norm)).map(([accelerator, action]) => ({ accelerator, action }));
  return { unregister, register };
}
