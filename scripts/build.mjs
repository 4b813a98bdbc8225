#!/usr/bin/env node
// Builds what Electron runs: the main process (ESM, Node platform) and the popup's
// sandboxed preload (CommonJS) with esbuild, then the renderer with Vite when the
// renderer's config exists. Output: dist/main/main.js, dist/main/preload.cjs, dist/renderer/.
import { build } from 'esbuild';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { mainOptions, preloadOptions } from './build-options.mjs';

const production = process.env.NODE_ENV !== 'development';

rmSync('dist/main', { recursive: true, force: true });

const main = await build(mainOptions(production));

const preload = await build(preloadOptions(production));

for (const [label, result] of [['main', main], ['preload', preload]]) {
  for (const [file, output] of Object.entries(result.metafile.outputs)) console.log(`${label}: ${file} ${(output.bytes / 1024).toFixed(1)} KiB`);
}

// The preload must not pull Node built-ins or npm packages: the sandbox cannot load them.
const preloadRequires = [...readFileSync('dist/main/preload.cjs', 'utf8').matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1]);
const foreign = preloadRequires.filter((name) => name !== 'electron');
if (foreign.length > 0) {
  console.error(`preload requires modules a sandboxed preload cannot load: ${foreign.join(', ')}`);
  process.exit(1);
}

// The preload only bridges: zod in it means it imported a value from a schema module (src-main/preload/README.md).
const zodInPreload = Object.keys(preload.metafile.inputs).filter((file) => /node_modules[\\/]zod[\\/]/.test(file));
if (zodInPreload.length > 0) {
  console.error(`the preload bundles zod (${zodInPreload[0]}): import only types from the contract`);
  process.exit(1);
}

if (existsSync('vite.config.ts')) {
  const vite = spawnSync('npx', ['vite', 'build'], { stdio: 'inherit' });
  if (vite.status !== 0) process.exit(vite.status ?? 1);
} else {
  console.log('vite.config.ts not found: renderer not built');
}
