// Builds a copy of main.js with rules of app/updates/update-safety.ts switched off (the
// negative controls of updates.spec.ts), with the project's own esbuild options. It lives
// outside dist/ (so no package ever carries it), in .tmp/weak-<rules>/main/ beside a copy of
// the real preload.cjs and a link to the real renderer: main.js finds both where it looks
// (next to itself, and ../renderer), and node_modules from the repository root.
import { build, type Plugin } from 'esbuild';
import { copyFileSync, existsSync, mkdirSync, rmSync, symlinkSync } from 'node:fs';
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
    const folder = new URL(`.tmp/weak-${name}/`, ROOT);
    const out = new URL('main/main.js', folder);
    found = (async () => {
      rmSync(folder, { recursive: true, force: true });
      mkdirSync(new URL('main/', folder), { recursive: true });
      copyFileSync(new URL('dist/main/preload.cjs', ROOT), new URL('main/preload.cjs', folder));
      symlinkSync(fileURLToPath(new URL('dist/renderer', ROOT)), fileURLToPath(new URL('renderer', folder)));
      // main.js and its chunks (the updater is one: the weakened module lands there).
      const options = mainOptions(true, fileURLToPath(new URL('main/', folder)));
      await build({ ...options, absWorkingDir: fileURLToPath(ROOT), plugins: [...(options.plugins ?? []), swapSafety], define: { __UPDATE_WEAKENINGS__: JSON.stringify(weakenings) }, logLevel: 'error' });
      if (!existsSync(out)) throw new Error(`weak build ${name} produced nothing`);
      return out;
    })();
    built.set(name, found);
  }
  return found;
}
