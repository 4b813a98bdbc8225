// The one set of keys, shared by main and the popup: the English catalog is the source, so a missing
// key or value is a type error.
import type { en } from './catalogs/en';
import type { ValuesOf } from './message-types';

export type MessageKey = keyof typeof en;

/** A complete catalog: every key, nothing else (an object literal with an extra key fails too). */
export type Catalog = { readonly [K in MessageKey]: string };

/** One area's part of a catalog: exactly the keys of the English part it translates. */
export type CatalogPart<EnglishPart> = { readonly [K in keyof EnglishPart]: string };

export type MessageValues<K extends MessageKey> = ValuesOf<(typeof en)[K]>;

/** A message that needs no values. */
export type PlainKey = { [K in MessageKey]: keyof MessageValues<K> extends never ? K : never }[MessageKey];

/** The values argument: absent for a message without arguments, required otherwise. */
export type ValuesArg<K extends MessageKey> = keyof MessageValues<K> extends never ? [] : [values: MessageValues<K>];

/** A message named, not yet said: said in the language of the moment when shown (a language switch re-says it). */
export type Words = { [K in MessageKey]: keyof MessageValues<K> extends never ? { key: K; values?: undefined } : { key: K; values: MessageValues<K> } }[MessageKey];

export function words<K extends MessageKey>(key: K, ...values: ValuesArg<K>): Words {
  return (values[0] === undefined ? { key } : { key, values: values[0] }) as Words;
}

/** Words as they cross IPC (parsed by zod, not yet checked against the catalog). */
export interface WordsOnWire {
  key: string;
  values?: Record<string, string | number> | undefined;
}
