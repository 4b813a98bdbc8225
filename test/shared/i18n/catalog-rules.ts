// What the catalog test checks, as functions over catalogs and source text (so each rule can
// be shown failing on a planted example: see catalog.test.ts).
import { compileMessageOrThrow, type CompiledMessage } from '@lingui/message-utils/compileMessage';

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
