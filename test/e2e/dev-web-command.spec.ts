// `npm run dev:web` as the README documents it, not the server module
// imported into Playwright's own compiler. Under tsx, helpers that esbuild adds to our
// functions (`__name`) once leaked into the page and it showed only "must be opened by
// the Counter Tray app"; this spawns the command itself and looks at the page.
import { test, expect } from '@playwright/test';
import { spawn, type ChildProcess } from 'node:child_process';
import { ROOT } from '../../dev-tools/web/build-renderer';

function startCommand(): { child: ChildProcess; url: Promise<string> } {
  // Its own process group, so stopping it stops npm, tsx and node together.
  const child = spawn('npm', ['run', 'dev:web', '--', '--port', '0'], { cwd: ROOT, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  const url = new Promise<string>((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const found = /Counter Tray popup \(dev\): (http:\/\/\S+)/.exec(out);
      if (found?.[1]) resolve(found[1]);
    });
    child.stderr?.on('data', (chunk: Buffer) => void (err += chunk.toString()));
    child.on('exit', (code) => reject(new Error(`npm run dev:web exited with ${code}: ${err}`)));
  });
  return { child, url };
}

test('`npm run dev:web` serves a working popup', async ({ page }) => {
  test.setTimeout(60_000);
  const { child, url } = startCommand();
  try {
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    await page.setViewportSize({ width: 360, height: 480 });
    await page.goto(await url);
    await expect(page.getByRole('listitem', { name: /^Cookies left,/ })).toBeVisible({ timeout: 15_000 });
    await expect(page.getByText('must be opened by the Counter Tray app')).toHaveCount(0);
    expect(problems).toEqual([]);
  } finally {
    if (child.pid !== undefined && child.exitCode === null) process.kill(-child.pid, 'SIGTERM');
  }
});
