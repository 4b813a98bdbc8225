// Vite plugin: `import('virtual:catalog/de')` is the German catalog compiled at build time
// (src-shared/i18n/compile.ts), so the popup ships messages @lingui/core runs as they are and
// never the ICU parser. Each catalog is its own chunk: only the language in use is loaded.
// Used by vite.config.ts and vitest.config.ts.
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CATALOGS, compiledCatalog } from '../src-shared/i18n/compile';
import { PSEUDO, type CatalogName } from '../src-shared/i18n/locale';

export const CATALOG_MODULE = 'virtual:catalog/';
const RESOLVED = `\0${CATALOG_MODULE}`;
const pseudoModule = fileURLToPath(new URL('../src-shared/i18n/pseudo.ts', import.meta.url));

const isCatalog = (name: string): name is CatalogName => (CATALOGS as readonly string[]).includes(name);

export function catalogPlugin(): Plugin {
  return {
    name: 'counter-tray-catalogs',
    resolveId: (id) => (id.startsWith(CATALOG_MODULE) ? `\0${id}` : undefined),
    load(id) {
      if (!id.startsWith(RESOLVED)) return undefined;
      const name = id.slice(RESOLVED.length);
      if (!isCatalog(name)) throw new Error(`No catalog named "${name}" (catalogs: ${CATALOGS.join(', ')})`);
      const messages = `messages: ${JSON.stringify(compiledCatalog(name).messages)}`;
      // The pseudo-locale also accents what Intl writes (month names, units), so those pass its check too.
      if (name === PSEUDO) return `import { accent } from ${JSON.stringify(pseudoModule)};\nexport default { ${messages}, decorate: accent };\n`;
      return `export default { ${messages} };\n`;
    },
  };
}
