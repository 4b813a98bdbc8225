// What the packaging config promises per OS, beyond the builder's own validation
// (test/packaging/electron-builder-config.test.ts) and the `--linux dir` build
// (test/electron/package.spec.ts): the targets, the tray-app details each OS needs,
// one AppUserModelId for installer and main process, and icons drawn from one SVG.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { decodePng, iconOutputs, LINUX_SIZES, MAIN_ICON, parseIconSvg, SOURCE } from '../../build/make-icon.mjs';
import { DEMO_FLAG } from '../../src-main/desktop/command-line';

const require = createRequire(import.meta.url);
// js-yaml comes with electron-builder; one call needs no typings.
const yaml = require('js-yaml') as { load(text: string): unknown };

interface BuilderConfig {
  appId: string;
  productName: string;
  mac: { target: string[]; icon: string; extendInfo: Record<string, unknown>; hardenedRuntime: boolean; notarize: boolean; entitlements: string; entitlementsInherit: string };
  win: { target: string; icon: string; verifyUpdateCodeSignature: boolean; signtoolOptions?: Record<string, unknown> };
  publish: { provider: string; url: string };
  nsis: Record<string, unknown>;
  linux: { target: string[]; category: string; executableName: string; icon: string; desktop: { entry: Record<string, string> } };
  deb: { depends: string[] };
}
const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as BuilderConfig;
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { productName: string; scripts: Record<string, string> };

describe('targets per OS', () => {
  it('builds an AppImage and a deb, a dmg (and the zip the macOS updater installs) and an NSIS installer', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.mac.target).toEqual(['dmg', 'zip']);
    expect(config.win.target).toBe('nsis');
    expect(config.productName).toBe(pkg.productName);
  });

  it('macOS: a menu-bar app with no Dock icon (LSUIElement)', () => {
    expect(config.mac.extendInfo.LSUIElement).toBe(true);
  });

  it('Windows: the installer’s AppUserModelId (the appId) is the one main.ts sets, so toasts show', () => {
    const main = readFileSync('src-main/main.ts', 'utf8');
    const ids = [...main.matchAll(/setAppUserModelId\('([^']+)'\)/g)].map((m) => m[1]);
    expect(ids).toEqual([config.appId]);
    expect(config.nsis).toMatchObject({ perMachine: false, createStartMenuShortcut: true });
  });

  it('Linux: a Utility desktop entry launching counter-tray, and the AppIndicator library the tray needs', () => {
    expect(config.linux.category).toBe('Utility');
    expect(config.linux.executableName).toBe('counter-tray');
    expect(config.linux.desktop.entry).not.toHaveProperty('Exec'); // the builder derives it from executableName
    expect(config.deb.depends[0]).toMatch(/^libayatana-appindicator3-1( \| libappindicator3-1)?$/);
    // Overriding depends drops the builder's defaults: keep the ones Electron needs.
    expect(config.deb.depends).toEqual(expect.arrayContaining(['libgtk-3-0', 'libnotify4', 'libnss3', 'libsecret-1-0']));
  });
});

describe('icons from one SVG', () => {
  it('every committed PNG is exactly what build/icon.svg gives (run node build/make-icon.mjs after editing it)', () => {
    const outputs = iconOutputs();
    expect(outputs.map((o) => o.size).sort((a, b) => a - b)).toEqual([...LINUX_SIZES, MAIN_ICON.size].sort((a, b) => a - b));
    for (const { url, size, png } of outputs) {
      const path = fileURLToPath(url);
      expect(existsSync(path), path).toBe(true);
      const committed = decodePng(readFileSync(path));
      expect([committed.width, committed.height], path).toEqual([size, size]);
      expect(committed.rgba.equals(decodePng(png).rgba), `${path} is stale`).toBe(true);
    }
  });

  it('points each OS at the generated files: 1024² for dmg/ico, the hicolor sizes for Linux', () => {
    expect(config.mac.icon).toBe('build/icon.png');
    expect(config.win.icon).toBe('build/icon.png');
    expect(config.linux.icon).toBe('build/icons');
    expect(MAIN_ICON.size).toBeGreaterThanOrEqual(512); // the builder's minimum for macOS
    expect(LINUX_SIZES).toEqual(expect.arrayContaining([16, 32, 48, 256, 512]));
  });

  it('draws what the SVG says: transparent corners, the blue square, the white plus in the middle', () => {
    const { rgba } = decodePng(readFileSync(fileURLToPath(MAIN_ICON.url)));
    const pixel = (x: number, y: number) => [...rgba.subarray((y * 1024 + x) * 4, (y * 1024 + x) * 4 + 4)];
    expect(pixel(0, 0)[3]).toBe(0);
    expect(pixel(512, 40)).toEqual([0x25, 0x63, 0xeb, 255]);
    expect(pixel(512, 512)).toEqual([255, 255, 255, 255]);
    expect(readFileSync(SOURCE, 'utf8')).toContain('fill="#2563eb"');
  });

  it('refuses SVG it would not draw, instead of silently dropping it', () => {
    expect(() => parseIconSvg('<svg viewBox="0 0 10 10"><path d="M0 0h10"/></svg>')).toThrow(/<path> is not drawn/);
    expect(() => parseIconSvg('<svg viewBox="0 0 10 10"><rect width="5" height="5" fill="red"/></svg>')).toThrow(/#rrggbb/);
  });
});

describe('demo script', () => {
  it('npm run demo builds and starts Electron with the flag main.ts reads', () => {
    expect(pkg.scripts.demo).toBe(`npm run build && electron . ${DEMO_FLAG}`);
  });
});

describe('updates', () => {
  it('one release feed: generic, https, its address in electron-builder.yml and in no source file', () => {
    expect(config.publish).toEqual({ provider: 'generic', url: expect.stringMatching(/^https:\/\//) });
    const host = new URL(config.publish.url).host;
    const sources = (dir: string): string[] =>
      readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : /\.(ts|tsx|mjs|cts)$/.test(entry.name) ? [join(dir, entry.name)] : []));
    const mentions = ['src-main', 'src-shared', 'src-renderer', 'scripts'].flatMap(sources).filter((file) => readFileSync(file, 'utf8').includes(host));
    expect(mentions, 'the app reads the address from app-update.yml, never from its own code').toEqual([]);
  });

  it('macOS: hardened runtime with its entitlements, notarization when Apple credentials are set; Windows: installers checked against the signing publisher', () => {
    expect(config.mac).toMatchObject({ hardenedRuntime: true, notarize: true, entitlements: 'build/entitlements.mac.plist', entitlementsInherit: 'build/entitlements.mac.plist' });
    const entitlements = readFileSync(config.mac.entitlements, 'utf8');
    expect(entitlements).toContain('com.apple.security.cs.allow-jit');
    expect(entitlements, 'library validation stays on').not.toContain('disable-library-validation');
    expect(config.win.verifyUpdateCodeSignature).toBe(true);
    // No publisher pinned: the builder takes it from the certificate, so an unsigned build checks nothing (and installs).
    expect(config.win.signtoolOptions?.publisherName).toBeUndefined();
  });
});
