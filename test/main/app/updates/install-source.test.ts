// Who owns this copy: only what the app installed from its feed updates itself
// (ARCHITECTURE.md, "From a release to the installed update", step 2).
import { describe, expect, it } from 'vitest';
import { detectUpdateSource, type InstallFacts } from '../../../../src-main/app/updates/install-source';

const base: InstallFacts = { platform: 'linux', isPackaged: true, env: {}, packageType: null, hasUpdateConfig: true, execPath: '/tmp/.mount_Counter/counter-tray', appStore: false, windowsStore: false };
const source = (facts: Partial<InstallFacts>) => detectUpdateSource({ ...base, ...facts });

describe('where updates come from', () => {
  it.each<[string, Partial<InstallFacts>, string]>([
    ['an AppImage (the runtime sets APPIMAGE) with its app-update.yml', { env: { APPIMAGE: '/home/ada/Apps/Counter Tray.AppImage' } }, 'self'],
    ['the .deb (electron-builder writes package-type)', { packageType: 'deb\n', env: {} }, 'deb'],
    ['an .rpm', { packageType: 'rpm' }, 'rpm'],
    ['pacman', { packageType: 'pacman' }, 'pacman'],
    ['a snap, even with an inherited APPIMAGE', { env: { SNAP: '/snap/counter-tray/12', APPIMAGE: '/x.AppImage' } }, 'snap'],
    ['a flatpak (FLATPAK_ID)', { env: { FLATPAK_ID: 'app.counttogether.countertray', APPIMAGE: '/x.AppImage' } }, 'flatpak'],
    ['a flatpak (container=flatpak)', { env: { container: 'flatpak' } }, 'flatpak'],
    ['the unpacked linux folder or a tarball (no APPIMAGE)', { env: {} }, 'unpacked'],
    ['an AppImage whose package lacks app-update.yml', { env: { APPIMAGE: '/x.AppImage' }, hasUpdateConfig: false }, 'unpacked'],
    ['the NSIS install on Windows', { platform: 'win32', execPath: 'C:\\Users\\ada\\AppData\\Local\\Programs\\counter-tray\\Counter Tray.exe' }, 'self'],
    ['the portable .exe', { platform: 'win32', env: { PORTABLE_EXECUTABLE_FILE: 'D:\\Counter Tray.exe' } }, 'portable'],
    ['a Windows folder copy without app-update.yml', { platform: 'win32', hasUpdateConfig: false }, 'unpacked'],
    ['the Microsoft Store', { platform: 'win32', windowsStore: true }, 'windowsStore'],
    ['macOS in /Applications', { platform: 'darwin', execPath: '/Applications/Counter Tray.app/Contents/MacOS/Counter Tray' }, 'self'],
    ['macOS still on the mounted .dmg', { platform: 'darwin', execPath: '/Volumes/Counter Tray 0.1.0/Counter Tray.app/Contents/MacOS/Counter Tray' }, 'diskImage'],
    ['macOS under App Translocation', { platform: 'darwin', execPath: '/private/var/folders/x/AppTranslocation/ABC/d/Counter Tray.app/Contents/MacOS/Counter Tray' }, 'diskImage'],
    ['the Mac App Store', { platform: 'darwin', appStore: true }, 'appStore'],
    ['npm start from a clone', { isPackaged: false, env: { APPIMAGE: '/x.AppImage' } }, 'development'],
    ['another platform', { platform: 'other' }, 'unpacked'],
  ])('%s', (_what, facts, expected) => {
    expect(source(facts)).toBe(expected);
  });
});
