// The pinned Electron's own declaration of an API (node_modules/electron/electron.d.ts): the
// member names of an interface or class, so the double's stand-ins and the rules test follow
// the version the app is type-checked against rather than a list typed by hand.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

let declarations: string[] | undefined;

function lines(): string[] {
  declarations ??= readFileSync(createRequire(import.meta.url).resolve('electron/electron.d.ts'), 'utf8').split('\n');
  return declarations;
}

export interface PinnedMembers {
  methods: string[];
  properties: string[];
}

/** Members of `interface Name` / `class Name` in the `Electron` namespace (statics only, or instance only). */
export function pinnedMembers(name: string, options: { statics?: boolean } = {}): PinnedMembers {
  const all = lines();
  const start = all.findIndex((line) => new RegExp(`^  (interface|class) ${name}\\b`).test(line));
  if (start < 0) throw new Error(`Electron double: ${name} is not declared in the pinned electron.d.ts`);
  const methods = new Set<string>();
  const properties = new Set<string>();
  for (const line of all.slice(start + 1)) {
    if (line === '  }') break;
    const member = /^ {4}(static )?(?:readonly )?(\w+)\??(\(|:)/.exec(line);
    if (!member || Boolean(member[1]) !== Boolean(options.statics) || member[2] === 'constructor') continue;
    (member[3] === '(' ? methods : properties).add(member[2] as string);
  }
  return { methods: [...methods], properties: [...properties] };
}

/** The version the app is built and type-checked against. */
export const pinnedElectronVersion = (): string => (createRequire(import.meta.url)('electron/package.json') as { version: string }).version;
