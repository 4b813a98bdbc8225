// Who owns this copy: only one installed from the app's feed replaces itself (else electron-updater
// would `pkexec dpkg -i` over a package manager's .deb).
import type { UpdateSource } from '../../../src-shared/domain/updates';
import type { AppPlatform } from '../ports';

export interface InstallFacts {
  platform: AppPlatform;
  /** False for `npm start` and tests. */
  isPackaged: boolean;
  env: Readonly<Record<string, string | undefined>>;
  /** resources/package-type (electron-builder writes it into .deb/.rpm/pacman), or null. */
  packageType: string | null;
  /** resources/app-update.yml exists (targets that can update themselves). */
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
