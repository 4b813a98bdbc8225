// Builds the renderer when dist/renderer is missing or older than its sources, so
// `npx playwright test` alone never drives a stale bundle (npm test builds first anyway).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
export const RENDERER_DIST = join(ROOT, 'dist/renderer');

export function newestMtime(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((newest, entry) => Math.max(newest, newestMtime(join(path, entry))), stat.mtimeMs);
}

export async function ensureRendererBuilt(): Promise<string> {
  const index = join(RENDERER_DIST, 'index.html');
  const sources = ['src-renderer', 'src-shared', 'vite.config.ts'].map((p) => newestMtime(join(ROOT, p)));
  if (existsSync(index) && statSync(index).mtimeMs >= Math.max(...sources)) return RENDERER_DIST;
  const { build } = await import('vite');
  await build({ configFile: join(ROOT, 'vite.config.ts'), logLevel: 'warn' });
  return RENDERER_DIST;
}
