// Global shortcuts (issue 4 §6): compute what to unregister/register when the map
// changes. Pure; the Electron adapter (src-main/electron/shortcuts.ts) applies the plan
// with globalShortcut. Which shortcuts are acceptable is app policy (app/shortcut-rules.ts).
import { checkAccelerator, listShortcuts, type ShortcutAction, type ShortcutMap } from '../app/shortcut-rules';

export interface RegistrationPlan {
  unregister: string[];
  register: { accelerator: string; action: ShortcutAction }[];
}

const actionKey = (a: ShortcutAction) => (a.kind === 'open' ? 'open' : `${a.kind}:${a.counterId}`);

/**
 * The diff between what is registered and what the new map wants: untouched
 * shortcuts stay registered (re-registering could lose them to another app).
 * Keys are the accelerators as registered, so unregister uses the same string.
 */
export function planRegistration(
  registered: ReadonlyMap<string, ShortcutAction>,
  next: ShortcutMap,
): RegistrationPlan {
  const wanted = new Map<string, ShortcutAction>();
  for (const { accelerator, action } of listShortcuts(next)) {
    const check = checkAccelerator(accelerator);
    if (check.ok && !wanted.has(check.normalized)) wanted.set(check.normalized, action);
  }
  const unregister: string[] = [];
  const keep = new Set<string>();
  for (const [accelerator, action] of registered) {
    const check = checkAccelerator(accelerator);
    const want = check.ok ? wanted.get(check.normalized) : undefined;
    if (check.ok && want && actionKey(want) === actionKey(action)) keep.add(check.normalized);
    else unregister.push(accelerator);
  }
  const register = [...wanted].filter(([norm]) => !keep.has(norm)).map(([accelerator, action]) => ({ accelerator, action }));
  return { unregister, register };
}
