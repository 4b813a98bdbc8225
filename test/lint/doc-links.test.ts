// No relative link in README.md or docs/*.md leads nowhere: every file it names exists, and
// every #anchor is a heading (or id) of its target. The negative control runs the checker on a
// small tree with each kind of broken link, and shows that a checker blind to anchors misses some.
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { anchorsOf, brokenLinks, linksOf, repoTree, slug, type DocTree } from '../support/doc-links';

const DOCS = ['README.md', ...readdirSync('docs').filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

/** A repository in a map: folders are the prefixes of its paths. */
function memoryTree(files: Record<string, string>): DocTree {
  const paths = Object.keys(files);
  return {
    exists: (path) => path in files || paths.some((p) => p.startsWith(`${path}/`)),
    markdown: (path) => (path.endsWith('.md') ? files[path] : undefined),
  };
}

const TREE = memoryTree({
  'README.md': [
    '# Counter Tray',
    '## Two commands',
    '```sh',
    '# not a heading: [nor a link](nowhere.md)',
    '```',
    'Good: [intro](#counter-tray), [commands](#two-commands), [a page](docs/page.md), [its part](docs/page.md#the-csv-file),',
    '[a folder](docs), [a picture](docs/screenshots/list.png), [the web](https://example.com/#x), [mail](mailto:a@b.c).',
    'Broken: [gone](docs/gone.md), [no heading](docs/page.md#no-such-part), [no section](#three-commands).',
  ].join('\n'),
  'docs/page.md': [
    '# Export',
    '## The CSV file',
    '## `time` and `counter`',
    '## Again',
    '## Again',
    '<a id="columns"></a>',
    'Good: [home](../README.md#two-commands), [code heading](#time-and-counter), [repeat](#again-1), [id](#columns).',
    'Broken: [out of the repo](../../elsewhere.md), [up a level, wrong](../README.md#export).',
    '[ref]: ./missing.md',
  ].join('\n'),
  'docs/screenshots/list.png': 'PNG',
});

const EXPECTED = [
  'README.md: docs/gone.md (no such file)',
  'README.md: docs/page.md#no-such-part (no such heading)',
  'README.md: #three-commands (no such heading)',
  'docs/page.md: ../../elsewhere.md (no such file)',
  'docs/page.md: ../README.md#export (no such heading)',
  'docs/page.md: ./missing.md (no such file)',
];

describe('relative links in README.md and docs/', () => {
  it('all lead somewhere: the file exists and the anchor is one of its headings', () => {
    expect(DOCS.length).toBeGreaterThan(5);
    const links = DOCS.flatMap((file) => linksOf(repoTree('.').markdown(file) ?? ''));
    expect(links.filter((link) => link.includes('#')).length).toBeGreaterThan(3);
    expect(brokenLinks(DOCS, repoTree('.'))).toEqual([]);
  });

  it('anchors are GitHub’s: lower case, punctuation dropped, spaces as hyphens, repeats numbered', () => {
    expect(slug('Shortcuts and the command line')).toBe('shortcuts-and-the-command-line');
    expect(slug('Mutation testing (`npm run mutate`)')).toBe('mutation-testing-npm-run-mutate');
    expect(slug('Was „du“ heißt: Übersetzungen')).toBe('was-du-heißt-übersetzungen');
    expect([...anchorsOf('# A\n## A\n```\n# A\n```\n## B!')]).toEqual(['a', 'a-1', 'b']);
  });

  it('negative control: each kind of broken link is found, and a checker blind to anchors misses three', () => {
    expect(brokenLinks(['README.md', 'docs/page.md'], TREE)).toEqual(EXPECTED);
    const weakened = brokenLinks(['README.md', 'docs/page.md'], TREE, { anchors: false });
    expect(weakened).not.toEqual(EXPECTED);
    expect(EXPECTED.filter((line) => !weakened.includes(line))).toEqual([
      'README.md: docs/page.md#no-such-part (no such heading)',
      'README.md: #three-commands (no such heading)',
      'docs/page.md: ../README.md#export (no such heading)',
    ]);
  });
});
