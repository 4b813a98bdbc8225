// The README a new user follows: read in two minutes (at most 15 000 bytes, a few pictures,
// the docs/ pages linked), the two commands exactly as CI runs them, every `npm run X` it or a
// docs page mentions exists, every file ARCHITECTURE.md links exists (README.md and docs/ links,
// anchors too: test/lint/doc-links.test.ts), and the screenshots the script writes are the ones
// the README and docs/ show, at the popup's size.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const readme = readFileSync('README.md', 'utf8');
const architecture = readFileSync('ARCHITECTURE.md', 'utf8');
const docPages = readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`);
const docs = docPages.map((page) => readFileSync(page, 'utf8'));
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> };

/** Width and height from a PNG's IHDR chunk. */
function pngSize(path: string): [number, number] {
  const png = readFileSync(path);
  return [png.readUInt32BE(16), png.readUInt32BE(20)];
}

describe('README.md', () => {
  it('gives the two commands, and .ci/run runs the test command verbatim', () => {
    expect(readme).toContain('```sh\nnpm install && npm start\n```');
    expect(readme).toContain('```sh\nnpm ci && npm test\n```');
    expect(readFileSync('.ci/run', 'utf8')).toMatch(/^npm ci && npm test$/m);
  });

  it('is short: at most 15 000 bytes, four to six pictures, and at least five docs/ pages linked', () => {
    expect(Buffer.byteLength(readme, 'utf8')).toBeLessThanOrEqual(15_000);
    const pictures = [...readme.matchAll(/!\[[^\]]*\]\(docs\/screenshots\/[\w-]+\.png\)/g)];
    expect(pictures.length).toBeGreaterThanOrEqual(4);
    expect(pictures.length).toBeLessThanOrEqual(6);
    const linkedPages = docPages.filter((page) => readme.includes(`](${page})`));
    expect(linkedPages.length).toBeGreaterThanOrEqual(5);
    expect(docPages.filter((page) => !linkedPages.includes(page)), 'docs pages the README does not link').toEqual([]);
  });

  it('mentions only npm scripts that exist', () => {
    const mentioned = new Set([...[readme, architecture, ...docs].join('\n').matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1] ?? ''));
    expect(mentioned.size).toBeGreaterThan(3);
    for (const script of mentioned) expect(pkg.scripts, script).toHaveProperty([script]);
  });

  it('ARCHITECTURE.md links only files that exist', () => {
    for (const doc of [architecture]) {
      const links = [...doc.matchAll(/\]\(((?!https?:|#)[^)#\s]+)(#[^)]*)?\)/g)].map((m) => m[1] ?? '');
      expect(links.length).toBeGreaterThan(0);
      for (const link of links) expect(existsSync(link), link).toBe(true);
    }
  });

  it('shows (README and docs/ together) the screenshots scripts/readme-screenshots.ts writes, at the popup’s 360×480', () => {
    // From the root the README says docs/screenshots/x.png; a docs page says screenshots/x.png.
    const shown = [...[readme, ...docs].join('\n').matchAll(/!\[[^\]]*\]\((?:docs\/)?(screenshots\/[\w-]+\.png)\)/g)].map((m) => `docs/${m[1] ?? ''}`);
    const images = [...new Set(shown)];
    const script = readFileSync('scripts/readme-screenshots.ts', 'utf8');
    // shoot() writes one picture; shootBoth() the light one and "-dark"; the tray icons' contact sheet is its own size (tray-icon-legibility.test.ts).
    const names = [
      ...[...script.matchAll(/shoot\(page, harness, '([\w-]+)'/g)].map((m) => [m[1]]),
      ...[...script.matchAll(/shootBoth\(page, harness, '([\w-]+)'/g)].map((m) => [m[1], `${m[1]}-dark`]),
    ].flat();
    // Each in English and in German: list.png and list-de.png, list-dark.png and list-de-dark.png.
    const german = (name: string) => name.replace(/(-dark)?$/, (dark) => `-de${dark}`);
    const written = [...names.flatMap((name) => (name ? [name, german(name)] : [])).map((name) => `docs/screenshots/${name}.png`), 'docs/screenshots/tray-icons.png'];
    expect(images.sort()).toEqual(written.sort());
    for (const image of images.filter((i) => !i.endsWith('tray-icons.png'))) expect(pngSize(image), image).toEqual([360, 480]);
  });
});
