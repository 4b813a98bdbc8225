// Launch at login on Linux: an XDG autostart entry (macOS and Windows use app.setLoginItemSettings).
import { join } from 'node:path';

export function autostartPath(env: Readonly<Record<string, string | undefined>>, home: string): string {
  const configHome = env.XDG_CONFIG_HOME && env.XDG_CONFIG_HOME.startsWith('/') ? env.XDG_CONFIG_HOME : join(home, '.config');
  return join(configHome, 'autostart', 'counter-tray.desktop');
}

/** An AppImage runs from a new mount point every time; $APPIMAGE is the file that stays. */
export function launcherPath(env: Readonly<Record<string, string | undefined>>, execPath: string): string {
  return env.APPIMAGE ?? execPath;
}

/** Quoted per the Desktop Entry spec, then string-value escaped (backslashes doubled again). */
export function quoteExecArgument(arg: string): string {
  const needsQuotes = arg === '' || /[\s"'\\><~|&;$*?#()`%]/.test(arg);
  const quoted = needsQuotes ? `"${arg.replace(/(["`$\\])/g, '\\$1')}"` : arg;
  return quoted.replace(/%/g, '%%').replace(/\\/g, '\\\\');
}

export function desktopEntry(options: { execPath: string; args?: readonly string[]; name?: string }): string {
  const exec = [options.execPath, ...(options.args ?? [])].map(quoteExecArgument).join(' ');
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.5',
    `Name=${options.name ?? 'Counter Tray'}`,
    'Comment=Your shared CountTogether counters in the tray',
    `Exec=${exec}`,
    'Icon=counter-tray',
    'Terminal=false',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}
