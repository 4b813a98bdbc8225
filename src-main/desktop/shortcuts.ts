// What to unregister and register when the shortcut map changes; the Electron adapter applies it.
import type { AppPlatform } from '../app/ports';
import { checkAccelerator, listShortcuts, MAX_GLOBAL_SHORTCUTS, type ShortcutAction, type ShortcutMap } from '../app/settings/shortcut-rules';

export interface RegistrationPlan {
  unregister: string[];
  register: { accelerator: string; action: ShortcutAction }[];
}

const actionKey = (a: ShortcutAction) => (a.kind === 'open' ? 'open' : `${a.kind}:${a.counterId}`);

/** Untouched shortcuts stay registered: re-registering could lose them to another app. */
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
