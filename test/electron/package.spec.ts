// Packaging, checked after `npm run build` (Playwright runs after the build in npm test):
// electron-builder packs the real dist/ with our electron-builder.yml around a stub
// Electron that carries only a fuse wire (no real binary can be fetched here), then we
// read back what it wrote: the fuses it flipped and the files inside app.asar.
import { expect, test } from '@playwright/test';
import { spawnSync } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const require = createRequire(import.meta.url);
// Both come with electron-builder; the two calls need no typings.
const fuses = require('@electron/fuses') as { getCurrentFuseWire(path: string): Promise<Record<string, number | string>> };
const asar = require('@electron/asar') as { listPackage(path: string, options: object): string[] };
const yaml = require('js-yaml') as { load(text: string): unknown };

// @electron/fuses: sentinel, wire version 1, wire length, one byte per fuse ('0' off, '1' on).
const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const ENABLE = 49;
const DISABLE = 48;
// FuseV1Options order: RunAsNode, EnableCookieEncryption, EnableNodeOptionsEnvironmentVariable,
// EnableNodeCliInspectArguments, EnableEmbeddedAsarIntegrityValidation, OnlyLoadAppFromAsar,
// LoadBrowserProcessSpecificV8Snapshot, GrantFileProtocolExtraPrivileges.
const ELECTRON_DEFAULTS = '10110001';

test('electron-builder packs only the built app, with the security fuses flipped', async () => {
  test.setTimeout(120_000);
  expect(existsSync('dist/main/main.js') && existsSync('dist/main/preload.cjs') && existsSync('dist/renderer/index.html'), 'run `npm run build` first').toBe(true);
  const work = mkdtempSync(join(tmpdir(), 'counter-tray-pack-'));
  try {
    const stub = join(work, 'electron-stub');
    mkdirSync(join(stub, 'locales'), { recursive: true });
    writeFileSync(join(stub, 'electron'), Buffer.concat([Buffer.from('#!/bin/sh\n# '), Buffer.from(FUSE_SENTINEL), Buffer.from([1, ELECTRON_DEFAULTS.length]), Buffer.from(ELECTRON_DEFAULTS), Buffer.from('\n')]));
    chmodSync(join(stub, 'electron'), 0o755);
    writeFileSync(join(stub, 'LICENSE'), 'MIT\n');
    writeFileSync(join(stub, 'locales', 'en-US.pak'), '');

    const out = join(work, 'release');
    const builder = spawnSync('npx', ['electron-builder', '--linux', 'dir', '--publish', 'never', `-c.electronDist=${stub}`, `-c.directories.output=${out}`], { encoding: 'utf8', env: { ...process.env, CSC_IDENTITY_AUTO_DISCOVERY: 'false' } });
    expect(builder.status, builder.stderr + builder.stdout).toBe(0);

    const unpacked = join(out, 'linux-unpacked');
    const wire = await fuses.getCurrentFuseWire(join(unpacked, 'counter-tray'));
    expect(wire).toMatchObject({ 0: DISABLE, 1: ENABLE, 2: DISABLE, 3: DISABLE, 4: ENABLE, 5: ENABLE, 7: DISABLE });

    const files = asar.listPackage(join(unpacked, 'resources', 'app.asar'), {}).map((p) => p.replaceAll('\\', '/'));
    expect(files).toEqual(expect.arrayContaining(['/package.json', '/dist/main/main.js', '/dist/main/preload.cjs', '/dist/renderer/index.html']));
    // main.js loads chunks later (the updater, the export, the demo's service): every one of them ships.
    const mainFiles = readdirSync('dist/main', { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile() && entry.name.endsWith('.js'));
    expect(files).toEqual(expect.arrayContaining(mainFiles.map((entry) => `/${join(entry.parentPath, entry.name).replaceAll('\\', '/')}`)));
    const outside = files.filter((p) => !p.startsWith('/dist') && !p.startsWith('/node_modules') && p !== '/package.json');
    expect(outside).toEqual([]);
    // Our own files: no source maps, no sources, no tests.
    expect(files.filter((p) => !p.startsWith('/node_modules') && (p.endsWith('.map') || /\/src-|\/test\//.test(p)))).toEqual([]);
    // Runtime dependencies ship; build tools and what Vite bundled do not.
    const topModules = new Set(files.filter((p) => /^\/node_modules\/[^/]+$/.test(p) || /^\/node_modules\/@[^/]+\/[^/]+$/.test(p)).map((p) => p.slice('/node_modules/'.length)));
    for (const needed of ['ws']) expect(topModules.has(needed), needed).toBe(true);
    // zod, electron-log and lingui are bundled into main.js (read as one file instead of ~130 at launch): not shipped as modules.
    // electron-store registers an unchecked ipcMain listener: main keeps settings in its own JSON store.
    for (const absent of ['electron', 'electron-store', 'conf', 'react', 'vite', 'esbuild', 'typescript', '@playwright/test', 'zod', 'electron-log', '@lingui/core', '@lingui/message-utils']) expect(topModules.has(absent), absent).toBe(false);
    expect(topModules.has('electron-updater'), 'electron-updater ships').toBe(true);

    // Updates: the feed from `publish`, written where the app and electron-updater read it.
    const publish = (yaml.load(readFileSync('electron-builder.yml', 'utf8')) as { publish: { url: string } }).publish;
    expect(yaml.load(readFileSync(join(unpacked, 'resources', 'app-update.yml'), 'utf8'))).toEqual({ provider: 'generic', url: publish.url, updaterCacheDirName: 'counter-tray-updater' });
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
});
