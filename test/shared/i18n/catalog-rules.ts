// What the catalog test checks, as functions over catalogs and source text (so each rule can
// be shown failing on a planted example: see catalog.test.ts).
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';
import { CLOSE, OPEN } from '../../../src-shared/i18n/pseudo';

export interface Argument {
  name: string;
  /** '' for a plain value; plural, select, selectordinal, number, date, time. */
  kind: string;
  /** Branch names of a plural or select (without `offset`). */
  branches: string[];
}

/** Every argument a message names, at any depth, sorted by name then kind. */
export function argumentsOf(message: string): Argument[] {
  const found: Argument[] = [];
  const walk = (tokens: CompiledMessage) => {
    for (const token of tokens) {
      if (typeof token === 'string') continue;
      const [name, kind = '', options] = token as [string, string?, unknown?];
      const branches = kind === 'plural' || kind === 'select' || kind === 'selectordinal' ? Object.entries((options ?? {}) as Record<string, unknown>).filter(([, v]) => Array.isArray(v)) : [];
      found.push({ name, kind, branches: branches.map(([branch]) => branch).sort() });
      for (const [, branch] of branches) walk(branch as CompiledMessage);
    }
  };
  walk(compileMessageOrThrow(message));
  return found.sort((a, b) => a.name.localeCompare(b.name) || a.kind.localeCompare(b.kind));
}

/**
 * Per key, why German's values differ from English's (a name, kind or choice one has and the
 * other lacks), or which plural forms a language's rules can select (Intl.PluralRules, and
 * `other` always) a message lacks.
 */
export function argumentProblems(english: Record<string, string>, german: Record<string, string>): string[] {
  const shape = (args: Argument[]) => [...new Set(args.map((a) => `${a.name}:${a.kind}:${a.kind === 'plural' ? '' : a.branches.join('|')}`))].sort();
  return Object.entries(english).flatMap(([key, message]) => {
    if (!(key in german)) return []; // 'German has exactly the English keys' names it
    const en = argumentsOrProblem(key, 'en', message);
    const de = argumentsOrProblem(key, 'de', german[key] ?? '');
    if (typeof en === 'string' || typeof de === 'string') return [en, de].filter((a): a is string => typeof a === 'string');
    const parsed = { en, de };
    const problems: string[] = [];
    if (JSON.stringify(shape(en)) !== JSON.stringify(shape(de))) problems.push(`${key}: German names [${shape(de).join(', ')}], English [${shape(en).join(', ')}]`);
    for (const language of ['en', 'de'] as const) {
      const needed = [...new Intl.PluralRules(language).resolvedOptions().pluralCategories, 'other'];
      for (const plural of parsed[language].filter((a) => a.kind === 'plural')) {
        const missing = [...new Set(needed.filter((form) => !plural.branches.includes(form)))];
        if (missing.length > 0) problems.push(`${key} (${language}): ${plural.name} lacks the plural form ${missing.join(', ')}`);
      }
    }
    return problems;
  });
}

function argumentsOrProblem(key: string, language: string, message: string): Argument[] | string {
  try {
    return argumentsOf(message);
  } catch (error) {
    return `${key} (${language}): does not compile (${error instanceof Error ? error.message : String(error)})`;
  }
}

/** A message as English and the pseudo-locale say it, with the values it was given. */
export interface SaidTwice {
  key: string;
  values: Record<string, string | number>;
  plain: string;
  shown: string;
}

/** Per key, how the pseudo-locale fails it: not bracketed ⟦…⟧, not ~40 % longer than English, or a plain-ASCII word of the catalog's own left. */
export function pseudoProblems(said: readonly SaidTwice[]): string[] {
  return said.flatMap(({ key, values, plain, shown }) => {
    // Values (names, hosts) are data and stay as they are; the sample values are ASCII on purpose.
    const withoutValues = (text: string) => Object.values(values).map(String).reduce((rest, value) => rest.split(value).join(''), text);
    const own = withoutValues(shown);
    const needed = Math.floor(withoutValues(plain).length * 1.3);
    const plainWord = /[A-Za-z]{2,}/.exec(own)?.[0];
    return [
      ...(shown.startsWith(OPEN) && shown.endsWith(CLOSE) ? [] : [`${key}: not bracketed ${OPEN}…${CLOSE}: ${shown}`]),
      ...(own.length >= needed ? [] : [`${key}: ${own.length} characters of its own, fewer than ${needed}: ${shown}`]),
      ...(plainWord === undefined ? [] : [`${key}: plain word “${plainWord}”: ${shown}`]),
    ];
  });
}

/** Keys of `catalog` that appear nowhere in `sources` as a quoted string ('list.search'). */
export function unusedKeys(keys: readonly string[], sources: readonly string[]): string[] {
  const text = sources.join('\n');
  return keys.filter((key) => !text.includes(`'${key}'`) && !text.includes(`"${key}"`) && !text.includes(`\`${key}\``));
}

/** Typography every catalog keeps: no straight quotes (ICU's escape and a typewriter's quote), no three dots. */
export function typographyProblems(catalog: Record<string, string>): string[] {
  return Object.entries(catalog).flatMap(([key, message]) => [
    ...(message.includes("'") ? [`${key}: straight apostrophe (use ’)`] : []),
    ...(message.includes('"') ? [`${key}: straight double quote`] : []),
    ...(message.includes('...') ? [`${key}: three dots (use …)`] : []),
  ]);
}

/**
 * German sets a space before its ellipsis ("Bearbeiten …"); a plain one lets a narrow or zoomed
 * popup wrap the … alone onto the next line, so it is a no-break space.
 */
export function germanEllipsisProblems(catalog: Record<string, string>): string[] {
  return Object.entries(catalog).flatMap(([key, message]) => (/[ \t]…/.test(message) ? [`${key}: a breaking space before … (use \\u00a0)`] : []));
}

/** German quotation marks „…“, never the English “…” or ”. */
export function germanQuoteProblems(catalog: Record<string, string>): string[] {
  return Object.entries(catalog).flatMap(([key, message]) => {
    const problems: string[] = [];
    if (message.includes('”')) problems.push(`${key}: English closing quote ”`);
    const opens = [...message].filter((c) => c === '„').length;
    const closes = [...message].filter((c) => c === '“').length;
    if (opens !== closes) problems.push(`${key}: „ and “ do not pair (${opens} / ${closes})`);
    if (/(^|[\s(])“/.test(message)) problems.push(`${key}: “ used to open a quote`);
    return problems;
  });
}

/** One form of address: "du". The formal pronouns, capitalised, never appear (not even sentence-first, where they would be ambiguous). */
export function formalAddress(catalog: Record<string, string>): string[] {
  return Object.entries(catalog)
    .filter(([, message]) => /\b(Sie|Ihnen|Ihr|Ihre|Ihren|Ihrem|Ihrer|Ihres)\b/.test(message))
    .map(([key, message]) => `${key}: ${message}`);
}
