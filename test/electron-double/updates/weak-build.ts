// Builds a copy of main.js with rules of app/updates/update-safety.ts switched off (the
// negative controls of updates.spec.ts), with the project's own esbuild options. It sits
// next to main.js (dist/main/main.weak-<rules>.js) so preload.cjs, the renderer and
// node_modules resolve as they do for the real one.
import { build, type Plugin } from 'esbuild';
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { mainOptions } from '../../../scripts/build-options.mjs';

export type Weakening = 'release-rules' | 'request-origin' | 'downgrade';

const ROOT = new URL('../../../', import.meta.url);
const WEAK_MODULE = fileURLToPath(new URL('./weak-update-safety.ts', import.meta.url));
const built = new Map<string, Promise<URL>>();

/** Every import of update-safety inside src-main gets the weakened module instead. */
const swapSafety: Plugin = {
  name: 'weaken-update-safety',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /\/update-safety$/ }, (args) => (args.importer === WEAK_MODULE ? undefined : { path: WEAK_MODULE }));
  },
};

export function weakBuild(weakenings: readonly Weakening[]): Promise<URL> {
  const name = [...weakenings].sort().join('+');
  let found = built.get(name);
  if (!found) {
    const out = new URL(`dist/main/main.weak-${name}.js`, ROOT);
    found = (async () => {
      const options = mainOptions(true, fileURLToPath(out));
      await build({ ...options, absWorkingDir: fileURLToPath(ROOT), plugins: [swapSafety], define: { __UPDATE_WEAKENINGS__: JSON.stringify(weakenings) }, logLevel: 'error' });
      if (!existsSync(out)) throw new Error(`weak build ${name} produced nothing`);
      return out;
    })();
    built.set(name, found);
  }
  return found;
}
