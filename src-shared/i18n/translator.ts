// One object per locale that says everything, from precompiled messages (no parser runs here).
import { setupI18n } from '@lingui/core';
import type { CompiledMessage } from '@lingui/message-utils/compileMessage';
import { createFormats, type Formats } from './formats';
import type { AppLocale } from './locale';
import type { MessageKey, ValuesArg, Words, WordsOnWire } from './messages';

export interface CompiledCatalog {
  messages: Record<string, CompiledMessage>;
  /** The pseudo-locale's accents on every word Intl produces. */
  decorate?: (text: string) => string;
}

export interface Translator extends Formats {
  readonly locale: AppLocale;
  t<K extends MessageKey>(key: K, ...values: ValuesArg<K>): string;
  /** Undefined when the key is not in the catalog. */
  say(words: Words | WordsOnWire): string | undefined;
}

export function createTranslator(locale: AppLocale, catalog: CompiledCatalog): Translator {
  const i18n = setupI18n({ locale: locale.formats, messages: { [locale.formats]: catalog.messages } });
  const t = (key: string, values?: Record<string, unknown>) => i18n._(key, values);
  return {
    ...createFormats(locale.formats, catalog.decorate),
    locale,
    t: (key, ...values) => t(key, values[0]),
    say: (words) => (Object.hasOwn(catalog.messages, words.key) ? t(words.key, words.values) : undefined),
  };
}
