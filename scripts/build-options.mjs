// esbuild's options for the main process, shared by scripts/build.mjs and the tests that
// build deliberately weakened copies of main.js for their negative controls.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// Runtime dependencies stay in node_modules (electron-builder ships them); electron is provided by the runtime.
export const external = ['electron', ...Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`])];

// zod re-exports every locale as a namespace (`export * as locales`), which esbuild cannot
// tree-shake (colinhacks/zod#6050): 64 locales are three quarters of zod. The app reads only
// English messages, the locale zod configures by default; this resolves zod's locale index to
// English alone (the workaround of oss-autopilot#1658). Main and the preload both bundle zod.
export const zodEnglishOnly = {
  name: 'zod-english-only',
  setup(b) {
    b.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) =>
      /[\\/]node_modules[\\/]zod[\\/]v4[\\/]/.test(args.importer) ? { path: 'zod-locales-en', namespace: 'zod-english-only', pluginData: args.resolveDir } : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: 'zod-english-only' }, (args) => ({ contents: "export { default as en } from '../locales/en.js';", resolveDir: args.pluginData }));
  },
};

/** Where the main process's lazy parts go, beside main.js (electron-builder ships dist/**). */
export const MAIN_CHUNKS = 'chunks';

export function commonOptions(production) {
  return { bundle: true, sourcemap: production ? false : 'inline', minify: false, legalComments: 'none', logLevel: 'warning', metafile: true };
}

/**
 * src-main/main.ts → `outdir`/main.js (ESM for the Node 24 inside Electron 45), and what main
 * loads only when first used (the updater, the export, the demo's service, the account's
 * activity record and goals: dynamic import())
 * as chunks in `outdir`/chunks, so a launch parses only what the first paint needs.
 * Minified for whitespace only: identifiers stay, so a stack trace from a user's log names
 * the functions without a source map (none ships: electron-builder.yml leaves out *.map), and
 * the security scan still reads popupWindowOptions and the literal `true`s of its
 * webPreferences (syntax minification would write `!0`). zod is bundled, not loaded from
 * node_modules: imported file by file it cost a launch ~70 ms of CPU more (bench/main-cost.ts).
 */
export function mainOptions(production, outdir = 'dist/main') {
  return {
    ...commonOptions(production),
    entryPoints: { main: 'src-main/main.ts' },
    outdir,
    splitting: true,
    chunkNames: `${MAIN_CHUNKS}/[name]-[hash]`,
    minifyWhitespace: production,
    platform: 'node',
    format: 'esm',
    target: 'node24',
    external,
    plugins: [zodEnglishOnly],
    // Bundled CommonJS code may call require(); ESM has none unless we make one (each chunk gets its own).
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  };
}

const CONTRACT_SHAPES_MODULE = fileURLToPath(new URL('../src-main/preload/contract-shapes.ts', import.meta.url));

/** The contract's answers and events as shapes (src-main/preload/shape.ts), described from the zod schemas now. */
export async function describeContractShapes() {
  const bundled = await build({ entryPoints: [CONTRACT_SHAPES_MODULE], bundle: true, write: false, platform: 'node', format: 'esm', target: 'node24', plugins: [zodEnglishOnly], logLevel: 'error' });
  const { CONTRACT_SHAPES } = await import(`data:text/javascript;base64,${Buffer.from(bundled.outputFiles[0].text).toString('base64')}`);
  return CONTRACT_SHAPES;
}

/**
 * The popup's preload (src-main/preload/preload.cts → CommonJS, the sandbox's require knows only
 * 'electron'). It runs before the page's scripts on every popup load, so it carries no zod:
 * contract-shapes.ts, which describes the zod schemas when imported, is replaced by that
 * description written out as data. Whitespace and syntax minified; names stay, so the security
 * scan can still read what the preload exposes and checks.
 */
export async function preloadOptions(production, outfile = 'dist/main/preload.cjs') {
  const shapes = JSON.stringify(await describeContractShapes());
  const shapesAsData = {
    name: 'contract-shapes-as-data',
    setup(b) {
      b.onResolve({ filter: /[\\/]contract-shapes$/ }, (args) => ({ path: args.path, namespace: 'contract-shapes-as-data' }));
      b.onLoad({ filter: /.*/, namespace: 'contract-shapes-as-data' }, () => ({ contents: `export const CONTRACT_SHAPES = ${shapes};`, loader: 'js' }));
    },
  };
  return {
    ...commonOptions(production),
    entryPoints: ['src-main/preload/preload.cts'],
    outfile,
    // A sandboxed preload gets a browser-like environment whose require() knows only 'electron'.
    platform: 'browser',
    format: 'cjs',
    target: 'chrome140',
    external: ['electron'],
    minifyWhitespace: production,
    minifySyntax: production,
    plugins: [shapesAsData],
  };
}
