// The pure half of `npm run click-walk`: a V8 precise-coverage take turned into the product files
// main ran. V8 resets its counters at every take, so a take's counts are since the one before:
// the walk takes once after its warm-up click (the baseline) and reads what rose in the next.

/** The part of a take (`Profiler.ScriptCoverage` of node:inspector) read here. */
export interface ScriptCoverage {
  url: string;
  functions: readonly { functionName: string; ranges: readonly { count: number }[] }[];
}

export interface FileEntered {
  /** Relative to the repository, `/`-separated: `src-main/app/controller.ts`. */
  file: string;
  /** Functions of the file entered at least once since the baseline. */
  functions: number;
  /** Their names, in the file's order (`(anonymous)` for an arrow without one). */
  names: string[];
}

/** Main's product code; src-renderer and the preload run in the page, the rest is harness. */
const PRODUCT_FOLDERS = ['src-main/', 'src-shared/'];
/** esbuild's helpers that tsx adds to every file it compiles (keepNames): not the file's own code. */
const TRANSFORM_HELPERS = new Set(['__name']);

/** The product files under `rootUrl` (the repository as a file: URL ending in `/`) with a function entered since the baseline, sorted by path. */
export function filesEntered(take: readonly ScriptCoverage[], rootUrl: string): FileEntered[] {
  const entered = new Map<string, string[]>();
  for (const script of take) {
    if (!script.url.startsWith(rootUrl)) continue;
    const file = script.url.slice(rootUrl.length);
    if (!PRODUCT_FOLDERS.some((folder) => file.startsWith(folder))) continue;
    // A function's first range spans the whole function; its count is how often it was entered.
    const names = script.functions
      .filter((fn) => !TRANSFORM_HELPERS.has(fn.functionName) && (fn.ranges[0]?.count ?? 0) > 0)
      .map((fn) => fn.functionName || '(anonymous)');
    if (names.length > 0) entered.set(file, [...(entered.get(file) ?? []), ...names]);
  }
  return [...entered].map(([file, names]) => ({ file, functions: names.length, names })).sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0));
}
