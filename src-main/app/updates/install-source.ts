// Who owns this copy, and so where its updates come from: only a copy the app installed from its
// feed replaces itself; a package manager's copy is that manager's (else electron-updater would run
// `pkexec dpkg -i` on a .deb), and a copy moved by hand is the user's. Pure: main gathers the facts.
import type { UpdateSource } from '../../../src-shared/domain/updates';
import type { AppPlatform } from '../ports';

export interface InstallFacts {
  platform: AppPlatform;
  /** app.isPackaged: false for `npm start` and tests run from the repo. */
  isPackaged: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** The content of resources/package-type (electron-builder writes it into .deb/.rpm/pacman packages), or null. */
  packageType: string | null;
  /** resources/app-update.yml exists (electron-builder writes it for targets that can update themselves). */
  hasUpdateConfig: boolean;
  execPath: string;
  appStore: boolean;
  windowsStore: boolean;
}

const PACKAGE_TYPES: Record<string, UpdateSource> = { deb: 'deb', rpm: 'rpm', pacman: 'pacman' };

export function detectUpdateSource(facts: InstallFacts): UpdateSource {
  if (!facts.isPackaged) return 'development';
  const { env } = facts;
  if (facts.appStore) return 'appStore';
  if (facts.windowsStore) return 'windowsStore';
  switch (facts.platform) {
    case 'linux': {
      // Checked before APPIMAGE: a snap or flatpak may carry an inherited APPIMAGE variable.
      if (env.SNAP) return 'snap';
      if (env.FLATPAK_ID || env.container === 'flatpak') return 'flatpak';
      const packaged = facts.packageType ? PACKAGE_TYPES[facts.packageType.trim()] : undefined;
      if (packaged) return packaged;
      return env.APPIMAGE && facts.hasUpdateConfig ? 'self' : 'unpacked';
    }
    case 'win32':
      // electron-builder's portable .exe sets these; only the NSIS install has app-update.yml.
      if (env.PORTABLE_EXECUTABLE_FILE || env.PORTABLE_EXECUTABLE_DIR) return 'portable';
      return facts.hasUpdateConfig ? 'self' : 'unpacked';
    case 'darwin':
      // Squirrel.Mac cannot replace an app on the read-only disk image or in App Translocation's random folder.
      if (facts.execPath.startsWith('/Volumes/') || facts.execPath.includes('/AppTranslocation/')) return 'diskImage';
      return facts.hasUpdateConfig ? 'self' : 'unpacked';
    default:
      return 'unpacked';
  }
}
