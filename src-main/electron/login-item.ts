// Launch at login; on Linux an XDG autostart file (Electron's login items do nothing there).
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname } from 'node:path';
import type { AppPlatform } from '../app/ports';
import { autostartPath, desktopEntry, launcherPath } from '../desktop/autostart';

interface LoginItemDeps {
  platform: AppPlatform;
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
  writeFile(path: string, text: string): Promise<void>;
  removeFile(path: string): Promise<void>;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  execPath: string;
}

/** Started at login: no popup until asked. */
export const HIDDEN_FLAG = '--hidden';

export async function applyLaunchAtLogin(enabled: boolean, deps: LoginItemDeps): Promise<void> {
  if (deps.platform === 'linux') {
    const path = autostartPath(deps.env, deps.home);
    if (enabled) await deps.writeFile(path, desktopEntry({ execPath: launcherPath(deps.env, deps.execPath), args: [HIDDEN_FLAG] }));
    else await deps.removeFile(path);
    return;
  }
  if (deps.platform === 'darwin' || deps.platform === 'win32') {
    deps.setLoginItemSettings({ openAtLogin: enabled, ...(deps.platform === 'win32' ? { args: [HIDDEN_FLAG] } : {}) });
  }
}

/** Failures only logged: the setting stays as the user chose. */
export function loginItemOf(platform: AppPlatform, setLoginItemSettings: LoginItemDeps['setLoginItemSettings'], warn: (message: string, error: unknown) => void) {
  return (enabled: boolean): Promise<void> =>
    applyLaunchAtLogin(enabled, {
      platform,
      setLoginItemSettings,
      writeFile: async (path, text) => {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, text, 'utf8');
      },
      removeFile: (path) => rm(path, { force: true }),
      env: process.env,
      home: homedir(),
      execPath: process.execPath,
    }).catch((error: unknown) => warn('launch at login failed', error));
}
