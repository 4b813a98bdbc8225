// The build output the double boots: built with the project's own script when missing or
// older than its sources (npm test builds before Playwright, so this is for local loops).
import { spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { newestMtime, ROOT } from '../web/build-renderer';

export function ensureBuilt(): void {
  const outputs = ['dist/main/main.js', 'dist/main/preload.cjs', 'dist/renderer/index.html'].map((path) => join(ROOT, path));
  const newestSource = Math.max(...['src-main', 'src-shared', 'src-renderer'].map((path) => newestMtime(join(ROOT, path))));
  if (outputs.every((path) => existsSync(path) && statSync(path).mtimeMs >= newestSource)) return;
  const build = spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: ROOT, stdio: 'inherit' });
  if (build.status !== 0) throw new Error('node scripts/build.mjs failed');
}
