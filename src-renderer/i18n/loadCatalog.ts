// A chunk per language (scripts/catalog-plugin.ts).
import type { CatalogName } from '../../src-shared/i18n/locale';
import type { CompiledCatalog } from '../../src-shared/i18n/translator';

const LOADERS: Record<CatalogName, () => Promise<{ default: CompiledCatalog }>> = {
  en: () => import('virtual:catalog/en'),
  de: () => import('virtual:catalog/de'),
  'en-XA': () => import('virtual:catalog/en-XA'),
};

/** A failed fetch is forgotten: the next render tries again. */
const loading = new Map<CatalogName, Promise<{ default: CompiledCatalog }>>();
export function loadCatalog(language: CatalogName): Promise<{ default: CompiledCatalog }> {
  let found = loading.get(language);
  if (!found) {
    found = LOADERS[language]();
    loading.set(language, found);
    found.catch(() => loading.delete(language));
  }
  return found;
}

