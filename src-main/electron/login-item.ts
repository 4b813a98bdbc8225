// Launch at login (issue 4 §8): app.setLoginItemSettings on macOS and Windows, an
// XDG autostart .desktop file on Linux (Electron's login items do nothing there).
import type { AppPlatform } from '../app/ports';
import { autostartPath, desktopEntry, launcherPath } from '../desktop/autostart';

export interface LoginItemDeps {
  platform: AppPlatform;
  setLoginItemSettings(settings: { openAtLogin: boolean; args?: string[] }): void;
  writeFile(path: string, text: string): Promise<void>;
  removeFile(path: string): Promise<void>;
  env: Readonly<Record<string, string | undefined>>;
  home: string;
  execPath: string;
}

/** Started at login, the app stays in the tray: no popup until asked. */
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
