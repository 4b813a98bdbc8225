// A catalog compiled at build time (scripts/catalog-plugin.ts): `virtual:catalog/en`, `/de`, `/en-XA`.
// A script file (no top-level import), so the wildcard declares the modules instead of augmenting one.
declare module 'virtual:catalog/*' {
  import type { CompiledCatalog } from '../src-shared/i18n/translator';

  const catalog: CompiledCatalog;
  export default catalog;
}
