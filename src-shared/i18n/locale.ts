// Which language the app speaks and whose number and date conventions it follows: main decides.

export const LANGUAGES = ['en', 'de'] as const;
export type Language = (typeof LANGUAGES)[number];

/** What Settings → Language holds: the OS's choice, or one language. */
export const LANGUAGE_CHOICES = ['system', ...LANGUAGES] as const;
export type LanguageChoice = (typeof LANGUAGE_CHOICES)[number];

/** Accented, longer, bracketed; reached only through the OS's language list (tests set it). */
export const PSEUDO = 'en-XA';
export type CatalogName = Language | typeof PSEUDO;
export const CATALOGS: readonly CatalogName[] = [...LANGUAGES, PSEUDO];

export interface AppLocale {
  language: CatalogName;
  /** The BCP 47 tag Intl formats with: the OS's variant when it speaks that language (de-AT). */
  formats: string;
}

/** Also from POSIX spellings ("de_AT.UTF-8", "en_US@euro"). */
function canonical(tag: string): string | undefined {
  try {
    return Intl.getCanonicalLocales(tag.replace(/[.@].*$/, '').replaceAll('_', '-'))[0];
  } catch {
    return undefined;
  }
}

const baseOf = (tag: string) => tag.split('-')[0]?.toLowerCase() ?? '';
const isLanguage = (base: string): base is Language => (LANGUAGES as readonly string[]).includes(base);

/** `system`: the first OS language with a catalog (French, German → German), else English; a chosen language keeps the OS's regional conventions. */
export function resolveLocale(choice: LanguageChoice, systemLanguages: readonly string[]): AppLocale {
  const tags = systemLanguages.map(canonical).filter((tag): tag is string => tag !== undefined);
  if (choice === 'system') {
    for (const tag of tags) {
      if (tag.toLowerCase() === PSEUDO.toLowerCase()) return { language: PSEUDO, formats: 'en' };
      const base = baseOf(tag);
      if (isLanguage(base)) return { language: base, formats: tag };
    }
    return { language: 'en', formats: 'en' };
  }
  return { language: choice, formats: tags.find((tag) => baseOf(tag) === choice) ?? choice };
}

/** With the language "system" stands for, which Settings shows. */
export function stateLocale(choice: LanguageChoice, systemLanguages: readonly string[]): AppLocale & { system: CatalogName } {
  return { ...resolveLocale(choice, systemLanguages), system: resolveLocale('system', systemLanguages).language };
}
