// Playwright's own browser download cannot run on our machines; the tests use
// Debian's Chromium. Install it when missing and we are allowed to (root + apt); else say what
// is missing in one line. npm scripts that launch Chromium start with `node scripts/ensure-chromium.mjs &&`.
import { existsSync, realpathSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const DEBIAN = '/usr/bin/chromium';

export function ensureChromium(path = process.env.CHROMIUM_PATH ?? DEBIAN) {
  if (existsSync(path)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  // apt brings Debian's Chromium only: a CHROMIUM_PATH elsewhere is for its owner to fix.
  if (isRoot && path === DEBIAN && existsSync('/usr/bin/apt-get')) {
    console.log('Chromium is missing: installing Debian chromium...');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'xvfb', 'fonts-dejavu-core'], { stdio: 'inherit', env });
    if (existsSync(path)) return true;
  }
  console.error(`Chromium not found at ${path}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
  return false;
}

if (process.argv[1] !== undefined && realpathSync(process.argv[1]) === fileURLToPath(import.meta.url)) process.exit(ensureChromium() ? 0 : 1);
