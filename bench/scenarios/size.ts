// Scenario 4, size: what the user downloads and runs. Gzip at zlib's default level
// (what Vite's "gzip:" column reports), raw size alongside.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Row, ScenarioResult } from '../report';
import { ensureRendererBuilt, newestMtime, ROOT } from '../../test/e2e/support/build-renderer';

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

function sizesOf(dir: string, ext: string): { files: string[]; raw: number; gzip: number } {
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith(ext)) : [];
  let raw = 0;
  let gzip = 0;
  for (const f of files) {
    const bytes = readFileSync(join(dir, f));
    raw += bytes.length;
    gzip += gzipSync(bytes).length;
  }
  return { files, raw, gzip };
}

/** The main-process bundle, (re)built with the project's script when missing or older than its sources. */
function mainBundle(): { path: string; raw: number; gzip: number } | { missing: string } {
  const bundle = join(ROOT, 'dist/main/main.js');
  const script = join(ROOT, 'scripts/build.mjs');
  const stale = !existsSync(bundle) || statSync(bundle).mtimeMs < Math.max(...['src-main', 'src-shared'].map((p) => newestMtime(join(ROOT, p))));
  if (stale && existsSync(script)) spawnSync(process.execPath, [script], { cwd: ROOT, stdio: 'ignore', timeout: 120_000 });
  if (!existsSync(bundle)) return { missing: existsSync(script) ? 'scripts/build.mjs did not produce dist/main/main.js' : 'scripts/build.mjs does not exist yet' };
  const bytes = readFileSync(bundle);
  return { path: 'dist/main/main.js', raw: bytes.length, gzip: gzipSync(bytes).length };
}

/** The chunk index.html loads (the rest are lazy screens, loaded when opened). */
function entryChunk(dist: string): { file: string; raw: number; gzip: number } | undefined {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const src = /<script[^>]*type="module"[^>]*src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
  if (!src) return undefined;
  const bytes = readFileSync(join(dist, src));
  return { file: src, raw: bytes.length, gzip: gzipSync(bytes).length };
}

export async function runSize(): Promise<ScenarioResult> {
  const dist = await ensureRendererBuilt();
  const assets = join(dist, 'assets');
  const js = sizesOf(assets, '.js');
  const css = sizesOf(assets, '.css');
  const entry = entryChunk(dist);
  const main = mainBundle();
  const rows: Row[] = [
    {
      scenario: 'Size',
      measure: 'renderer entry chunk, gzip',
      app: entry ? `${kb(entry.gzip)} (raw ${kb(entry.raw)})` : 'n/a',
      target: '< 90 KB gzip',
      met: entry !== undefined && entry.gzip < 90 * 1024,
      how: `${entry?.file ?? 'no module script in dist/renderer/index.html'}: the script index.html loads (Vite production build, rebuilt when older than its sources), zlib gzip default level`,
    },
    {
      scenario: 'Size',
      measure: 'renderer JS, all chunks, gzip',
      app: `${kb(js.gzip)} (raw ${kb(js.raw)})`,
      how: `dist/renderer/assets/*.js (${js.files.length} file${js.files.length === 1 ? '' : 's'}: the entry and the lazy screens — activity, edit, export — each loaded when first opened), same method`,
    },
    {
      scenario: 'Size',
      measure: 'renderer CSS, gzip',
      app: `${kb(css.gzip)} (raw ${kb(css.raw)})`,
      how: 'dist/renderer/assets/*.css, same method',
    },
    {
      scenario: 'Size',
      measure: 'main-process bundle',
      app: 'missing' in main ? 'n/a' : `${kb(main.raw)} (gzip ${kb(main.gzip)})`,
      how: 'missing' in main ? main.missing : `${main.path} as built by node scripts/build.mjs (rebuilt when older than src-main/src-shared), not minified by that script`,
    },
  ];
  return { rows, data: { entry, js, css, main } };
}
