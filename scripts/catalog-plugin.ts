// Vite plugin: `import('virtual:catalog/de')` is the German catalog compiled at build time
// (src-shared/i18n/compile.ts), so the popup ships messages @lingui/core runs as they are and
// never the ICU parser. Each catalog is its own chunk: only the language in use is loaded.
// Used by vite.config.ts and vitest.config.ts. The compiler is loaded through Vite's module
// runner when a catalog is asked for (not bundled into the config), so a catalog edited under
// `vite build --watch` is compiled afresh.
import { fileURLToPath } from 'node:url';
import { runnerImport, type Plugin } from 'vite';
import type * as Compile from '../src-shared/i18n/compile';

export const CATALOG_MODULE = 'virtual:catalog/';
const RESOLVED = `\0${CATALOG_MODULE}`;
const compileModule = fileURLToPath(new URL('../src-shared/i18n/compile.ts', import.meta.url));
const pseudoModule = fileURLToPath(new URL('../src-shared/i18n/pseudo.ts', import.meta.url));

export function catalogPlugin(): Plugin {
  return {
    name: 'counter-tray-catalogs',
    resolveId: (id) => (id.startsWith(CATALOG_MODULE) ? `\0${id}` : undefined),
    async load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const name = id.slice(RESOLVED.length);
      const { module, dependencies } = await runnerImport<typeof Compile>(compileModule, { configFile: false, logLevel: 'error' });
      for (const file of dependencies) this.addWatchFile(file);
      const catalog = module.CATALOGS.find((known) => known === name);
      if (!catalog) throw new Error(`No catalog named "${name}" (catalogs: ${module.CATALOGS.join(', ')})`);
      // Without the messages only main says (tray, notifications, dialogs): the popup never names them.
      const compiled = module.compiledCatalog(catalog, { forPopup: true });
      const messages = `messages: ${JSON.stringify(compiled.messages)}`;
      // The pseudo-locale also accents what Intl writes (month names, units), so those pass its check too.
      if (compiled.decorate) return `import { accent } from ${JSON.stringify(pseudoModule)};\nexport default { ${messages}, decorate: accent };\n`;
      return `export default { ${messages} };\n`;
    },
  };
}
