// A TypeScript entry bundled into one browser script for a harness page (the preload API, the
// stand-in and bridge clients), built once per process: each caller awaits the same build.
import { build } from 'esbuild';
import { join } from 'node:path';
import { ROOT } from './build-renderer';

const built = new Map<string, Promise<string>>();

/** `entry` (repo-relative) as an IIFE script; `globalName` names what the script defines, if anything. */
export function pageBundle(entry: string, globalName?: string): Promise<string> {
  const key = `${entry}#${globalName ?? ''}`;
  let script = built.get(key);
  if (!script) {
    script = build({
      entryPoints: [join(ROOT, entry)],
      bundle: true,
      write: false,
      format: 'iife',
      ...(globalName ? { globalName } : {}),
      platform: 'browser',
      target: 'chrome130',
      logLevel: 'silent',
    }).then((result) => result.outputFiles[0]?.text ?? '');
    built.set(key, script);
  }
  return script;
}
