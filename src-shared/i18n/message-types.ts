// The values an ICU message needs, read from its text by the type checker. A `{` at even depth opens
// an argument, inside an argument a branch; quoted braces are not used in our catalogs.

type Trim<S extends string> = S extends ` ${infer R}` ? Trim<R> : S extends `${infer R} ` ? Trim<R> : S;

type ValueOf<Kind extends string> = Kind extends 'plural' | 'selectordinal' | 'number'
  ? number
  : Kind extends 'date' | 'time'
    ? Date | number
    : Kind extends 'select'
      ? string
      : string | number;

/** `name}` or `name, kind, …` (the text right after an argument's `{`). */
type ArgumentAt<R extends string> = R extends `${infer Head}}${string}`
  ? Head extends `${infer Name},${infer Rest}`
    ? { [P in Trim<Name>]: ValueOf<Trim<Rest extends `${infer Kind},${string}` ? Kind : Rest>> }
    : { [P in Trim<Head>]: string | number }
  : never;

type Even = 0 | 2 | 4 | 6 | 8;

/** Walks the message once, keeping the brace depth as a tuple's length. */
type Scan<S extends string, Depth extends unknown[], Found> = S extends `${infer C}${infer Rest}`
  ? C extends '{'
    ? Scan<Rest, [...Depth, C], Depth['length'] extends Even ? Found & ArgumentAt<Rest> : Found>
    : C extends '}'
      ? Scan<Rest, Depth extends [unknown, ...infer Outer] ? Outer : [], Found>
      : Scan<Rest, Depth, Found>
  : Found;

type Flatten<T> = { [K in keyof T]: T[K] } & {};

/** The values object a message needs: `{}` for a message without arguments. */
export type ValuesOf<Message extends string> = string extends Message ? Record<string, string | number | Date> : Flatten<Scan<Message, [], unknown>>;
