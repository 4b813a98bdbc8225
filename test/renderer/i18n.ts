// Translators for tests: the same compiled catalogs main uses (src-shared/i18n/compile.ts).
import { compiledCatalog } from '../../src-shared/i18n/compile';
import type { CatalogName } from '../../src-shared/i18n/locale';
import { createTranslator, type Translator } from '../../src-shared/i18n/translator';

const made = new Map<string, Translator>();

export function translator(language: CatalogName = 'en', formats = language === 'de' ? 'de-DE' : 'en-US'): Translator {
  const key = `${language}|${formats}`;
  let found = made.get(key);
  if (!found) made.set(key, (found = createTranslator({ language, formats }, compiledCatalog(language))));
  return found;
}

/** English as the tests' default harness speaks it (en-US conventions). */
export const en = translator('en');
