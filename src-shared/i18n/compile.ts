// Catalog source (ICU) compiled for @lingui/core: main at start-up, the popup's at build time
// (scripts/catalog-plugin.ts), so the page never ships the parser.
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { CATALOGS, PSEUDO, type AppLocale, type CatalogName } from './locale';
import type { Catalog, Words } from './messages';
import { createTranslator, type CompiledCatalog, type Translator } from './translator';
import { accent, CLOSE, OPEN, padding } from './pseudo';
import { de } from './catalogs/de';
import { en } from './catalogs/en';

export type CompiledMessages = Record<string, CompiledMessage>;

/** What a reader reads, without the values. */
function literalLength(message: CompiledMessage): number {
  let length = 0;
  for (const token of message) {
    if (typeof token === 'string') length += token === '#' ? 1 : token.length;
    else if (token[1] === 'plural' || token[1] === 'select' || token[1] === 'selectordinal') {
      // Branches are messages; `offset` is a number beside them.
      const branches = Object.values(token[2] ?? {}).filter((branch): branch is CompiledMessage => Array.isArray(branch));
      length += Math.max(0, ...branches.map(literalLength));
    }
  }
  return length;
}

function compileOne(source: string, pseudo: boolean): CompiledMessage {
  if (!pseudo) return compileMessageOrThrow(source);
  const message = compileMessageOrThrow(source, accent);
  return [OPEN, ...message, ` ${padding(literalLength(message))}${CLOSE}`];
}

export function compileCatalog(catalog: Catalog, pseudo = false): CompiledMessages {
  const out: CompiledMessages = {};
  for (const [key, source] of Object.entries(catalog)) out[key] = compileOne(source, pseudo);
  return out;
}

const SOURCES: Record<CatalogName, Catalog> = { en, de, [PSEUDO]: en };

/** Keys only main says: the popup's catalog chunks leave them out. */
export const MAIN_ONLY = ['tray.', 'notify.', 'cli.', 'notice.', 'setting.', 'dialog.'] as const;
export const isMainOnly = (key: string): boolean => MAIN_ONLY.some((prefix) => key.startsWith(prefix));

/** The pseudo-locale is English through the filter (its Intl words accented too). */
export function compiledCatalog(name: CatalogName, options: { forPopup?: boolean } = {}): CompiledCatalog {
  const pseudo = name === PSEUDO;
  const source = options.forPopup ? Object.fromEntries(Object.entries(SOURCES[name]).filter(([key]) => !isMainOnly(key))) : SOURCES[name];
  return { messages: compileCatalog(source as Catalog, pseudo), ...(pseudo ? { decorate: accent } : {}) };
}

export { CATALOGS };

const translators = new Map<string, Translator>();

/** Compiled on first use and kept, bounded. */
export function translatorFor(locale: AppLocale): Translator {
  const key = `${locale.language}|${locale.formats}`;
  let found = translators.get(key);
  if (!found) {
    if (translators.size >= 16) translators.clear();
    found = createTranslator(locale, compiledCatalog(locale.language));
    translators.set(key, found);
  }
  return found;
}

/** For the log and AppError.message: support reads one language. */
export const english = (): Translator => translatorFor({ language: 'en', formats: 'en' });

export function englishText(words: Words): string {
  return english().say(words) ?? words.key;
}
