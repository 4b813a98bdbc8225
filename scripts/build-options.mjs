// esbuild's options for the main process, shared by scripts/build.mjs and the tests that
// build deliberately weakened copies of main.js for their negative controls.
import { readFileSync } from 'node:fs';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));

// Runtime dependencies stay in node_modules (electron-builder ships them); electron is provided by the runtime.
export const external = ['electron', ...Object.keys(pkg.dependencies ?? {}).flatMap((name) => [name, `${name}/*`])];

export function commonOptions(production) {
  return { bundle: true, sourcemap: production ? false : 'inline', minify: false, legalComments: 'none', logLevel: 'warning', metafile: true };
}

/** src-main/main.ts → `outfile` (ESM for Node 22 in Electron). */
export function mainOptions(production, outfile = 'dist/main/main.js') {
  return {
    ...commonOptions(production),
    entryPoints: ['src-main/main.ts'],
    outfile,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    external,
    // Bundled CommonJS code may call require(); ESM has none unless we make one.
    banner: { js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);" },
  };
}
