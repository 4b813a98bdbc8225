// Translators for tests: the same compiled catalogs main uses (src-shared/i18n/compile.ts).
import { compiledCatalog } from '../../src-shared/i18n/compile';
import type { CatalogName } from '../../src-shared/i18n/locale';
import type { Notice, Said } from '../../src-shared/i18n/notice';
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

/** German with Germany's conventions. */
export const de = translator('de');

/** A notice or a sentence of main's, as the user would read it (English unless told). */
export function said(words: Said, i18n: Translator = en): string {
  return words(i18n);
}
export function saidNotice(notice: Notice, i18n: Translator = en): { title: string; body: string } {
  return { title: i18n.t(notice.title), body: notice.body(i18n) };
}
