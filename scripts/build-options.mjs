// esbuild's options for the main process, shared by scripts/build.mjs and the tests that
// build deliberately weakened copies of main.js for their negative controls.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// Runtime dependencies stay in node_modules (electron-builder ships them); electron is provided by the runtime.
// The rest (zod, electron-log, lingui) is bundled: a launch reads one file instead of resolving dozens one by one.
export const external = ['electron', ...Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`])];

// zod re-exports every locale as a namespace (`export * as locales`), which esbuild cannot
// tree-shake (colinhacks/zod#6050): 64 locales are three quarters of zod. The app reads only
// English messages, the locale zod configures by default; this resolves zod's locale index to
// English alone (the workaround of oss-autopilot#1658).
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

/**
 * The popup's preload (src-main/preload/preload.cts → CommonJS, the sandbox's require knows only
 * 'electron'): a thin bridge that imports types only from the contract, so it carries no zod.
 * Whitespace and syntax minified; names stay, so the security scan can still read what it exposes.
 */
export function preloadOptions(production, outfile = 'dist/main/preload.cjs') {
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
  };
}
