// A comment's "why" must be readable from the repo: it may cite docs/api.md (§n, On, Rn),
// ARCHITECTURE.md or an upstream bug, never a document that is not in the repo (the API
// document, its list of open points, the fixtures notes, any path on the build machine) or
// one of our issue numbers.
// Comments are found with TypeScript's own parser, so a string or a regex that merely
// contains such words is not a comment; the negative control proves the scanner reports
// what it should and nothing else.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const ROOTS = ['src-main', 'src-renderer', 'src-service', 'src-shared', 'dev-tools', 'scripts', 'bench', 'test', 'build'];
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist']);

/** What a comment may not cite, with the reason shown when it does. */
const FORBIDDEN: { pattern: RegExp; what: string }[] = [
  { pattern: /not-shown/i, what: 'the list of open points (cite docs/api.md On)' },
  { pattern: /counter-service-api/i, what: 'the API document (cite docs/api.md §n)' },
  { pattern: /\bAPI §/, what: 'the API document (cite docs/api.md §n)' },
  { pattern: /fixtures\.md/i, what: 'the fixtures notes (say the why, or cite src-service/README.md)' },
  { pattern: /\bissues? [§#]?\d+/i, what: 'an issue number (say the why in place)' },
  { pattern: /(?:^|[^\w.-])\/work\/|electron-rules\.md|env-notes\.md/i, what: 'a file outside the repo (cite Electron\'s docs or ARCHITECTURE.md)' },
];

interface CommentHit {
  line: number;
  text: string;
  what: string;
}

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.[mc]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** Every comment of a parsed source, each once, as [start, end) ranges. */
function commentRanges(source: ts.SourceFile): ts.CommentRange[] {
  const text = source.text;
  const found = new Map<number, ts.CommentRange>();
  const add = (ranges: ts.CommentRange[] | undefined) => {
    for (const range of ranges ?? []) found.set(range.pos, range);
  };
  // JSX text has no trivia: reading "comments" where it starts would take its words for one.
  const jsxText = new Set<number>();
  const findJsxText = (node: ts.Node): void => {
    if (node.kind === ts.SyntaxKind.JsxText) jsxText.add(node.pos);
    node.forEachChild(findJsxText);
  };
  findJsxText(source);
  const visit = (node: ts.Node): void => {
    if (!jsxText.has(node.getFullStart())) add(ts.getLeadingCommentRanges(text, node.getFullStart()));
    if (!jsxText.has(node.getEnd())) add(ts.getTrailingCommentRanges(text, node.getEnd()));
    // getChildren, not forEachChild: a comment before a closing brace is trivia of the brace token.
    for (const child of node.getChildren(source)) visit(child);
  };
  visit(source);
  return [...found.values()].sort((a, b) => a.pos - b.pos);
}

/** The comment lines of `text` that cite something outside the repo. */
function forbiddenCitations(fileName: string, text: string): CommentHit[] {
  const hits: CommentHit[] = [];
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  for (const range of commentRanges(source)) {
    const firstLine = source.getLineAndCharacterOfPosition(range.pos).line;
    text
      .slice(range.pos, range.end)
      .split('\n')
      .forEach((line, offset) => {
        const rule = FORBIDDEN.find(({ pattern }) => pattern.test(line));
        if (rule) hits.push({ line: firstLine + offset + 1, text: line.trim(), what: rule.what });
      });
  }
  return hits;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && !SKIPPED_DIRS.has(entry.name)) files.push(...sourceFiles(path));
    else if (entry.isFile() && SOURCE.test(entry.name)) files.push(path);
  }
  return files;
}

describe('comments cite only what is in the repo', () => {
  it('the scanner reports each kind of outside citation in comments, and nothing in code or strings (negative control)', () => {
    const sample = [
      '// The default zone is open (not-shown.md #1).',
      'const a = 1; /* see counter-service-api.md §4.2 */',
      '/**',
      ' * Kept from fixtures.md "Programmatic".',
      ' * Added for issue 22; issues 26 and 28 grew it.',
      ' */',
      '// API §7 lists the codes.',
      "const s = 'not-shown.md #3, issue 22, counter-service-api.md'; // docs/api.md O3",
      'const r = /issue 12/;',
      'const t = `fixtures.md ${a} // issue 7`;',
      'function f() {',
      '  return a;',
      '  // issue #9 closes the block',
      '}',
      '// docs/api.md §4.2 and R1, ARCHITECTURE.md: cited in the repo, fine.',
      '// Electron 45 is the floor (/work/shared/spec/electron-rules.md).',
    ].join('\n');
    expect(forbiddenCitations('sample.ts', sample).map((hit) => hit.line)).toEqual([1, 2, 4, 5, 7, 13, 16]);

    const jsx = ['export const C = () => (', '  <div>', '    // issue 5 is text, not a comment', '    {/* not-shown #2 */}', '    <b>x</b> // issue 6, text too', '  </div>', ');'].join('\n');
    expect(forbiddenCitations('sample.tsx', jsx).map((hit) => hit.line)).toEqual([4]);
  });

  it('no comment in src-*, dev-tools, scripts, bench, test or build cites a document outside the repo or an issue number', () => {
    const hits = ROOTS.flatMap(sourceFiles).flatMap((file) =>
      forbiddenCitations(file, readFileSync(file, 'utf8')).map((hit) => `${file}:${hit.line}: ${hit.text}  ← ${hit.what}`),
    );
    expect(hits).toEqual([]);
    // Reads every source file of the repo: ~5 s alone, four times that beside the suite's other workers.
  }, 60_000);
});
