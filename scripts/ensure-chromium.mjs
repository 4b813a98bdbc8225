// Playwright's own browser download cannot run on our machines; the tests use
// Debian's Chromium. Install it when missing and we are allowed to (root + apt).
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

export function ensureChromium(path = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium') {
  if (existsSync(path)) return true;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot || !existsSync('/usr/bin/apt-get')) {
    console.error(`Chromium not found at ${path}. Install it (Debian: apt-get install chromium) or set CHROMIUM_PATH.`);
    return false;
  }
  console.log('Installing Debian chromium for the browser tests...');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  spawnSync('apt-get', ['install', '-y', '-qq', '--no-install-recommends', 'chromium', 'xvfb', 'fonts-dejavu-core'], { stdio: 'inherit', env });
  return existsSync(path);
}
