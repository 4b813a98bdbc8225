// A language switch keeps the old words until the new catalog is in.
import { createContext, useContext, useEffect, useState, type ReactNode } from 'react';
import { resolveLocale, type AppLocale } from '../../src-shared/i18n/locale';
import { createTranslator, type Translator } from '../../src-shared/i18n/translator';
import { loadCatalog } from './loadCatalog';

const TranslatorContext = createContext<Translator | null>(null);

export function useI18n(): Translator {
  const translator = useContext(TranslatorContext);
  if (!translator) throw new Error('useI18n() outside <I18n>: the catalog is not loaded');
  return translator;
}

/** Before main's first state: the browser's languages. */
export function guessLocale(): AppLocale {
  return resolveLocale('system', typeof navigator === 'undefined' ? [] : navigator.languages);
}

/** Before React's first render: the first screen waits for it. */
export function preloadGuessedCatalog(): void {
  void loadCatalog(guessLocale().language).catch(() => undefined);
}

export function I18n({ locale, children }: { locale: AppLocale; children: ReactNode }) {
  const [translator, setTranslator] = useState<Translator | null>(null);
  const { language, formats } = locale;
  useEffect(() => {
    let current = true;
    void loadCatalog(language).then(({ default: catalog }) => {
      if (current) setTranslator(createTranslator({ language, formats }, catalog));
    });
    return () => {
      current = false;
    };
  }, [language, formats]);
  useEffect(() => {
    if (translator) document.documentElement.lang = translator.locale.language;
  }, [translator]);
  if (!translator) return <main className="screen centered" aria-busy="true" />;
  return <TranslatorContext.Provider value={translator}>{children}</TranslatorContext.Provider>;
}
