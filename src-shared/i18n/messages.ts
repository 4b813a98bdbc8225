// The one set of keys for main and the popup: the English catalog is the source, so a missing key or
// value is a type error.
import type { en } from './catalogs/en';
import type { ValuesOf } from './message-types';

export type MessageKey = keyof typeof en;

/** A complete catalog: every key, nothing else (an object literal with an extra key fails too). */
export type Catalog = { readonly [K in MessageKey]: string };

/** Exactly the keys of the English part it translates. */
export type CatalogPart<EnglishPart> = { readonly [K in keyof EnglishPart]: string };

export type MessageValues<K extends MessageKey> = ValuesOf<(typeof en)[K]>;

export type PlainKey = { [K in MessageKey]: keyof MessageValues<K> extends never ? K : never }[MessageKey];

export type ValuesArg<K extends MessageKey> = keyof MessageValues<K> extends never ? [] : [values: MessageValues<K>];

/** Named, not yet said: said in the language of the moment when shown. */
export type Words = { [K in MessageKey]: keyof MessageValues<K> extends never ? { key: K; values?: undefined } : { key: K; values: MessageValues<K> } }[MessageKey];

export function words<K extends MessageKey>(key: K, ...values: ValuesArg<K>): Words {
  return (values[0] === undefined ? { key } : { key, values: values[0] }) as Words;
}

/** As they cross IPC: not checked against the catalog. */
export interface WordsOnWire {
  key: string;
  values?: Record<string, string | number> | undefined;
}
