// Module mocks that name what they mean and do not leak. A `vi.doUnmock` whose path went stale
// when a file moved leaves the weakened module of a negative control registered for every
// later test of its file, silently; a `vi.doMock` that is never undone does the same. So every
// `vi.mock` / `vi.doMock` / `vi.doUnmock` / `vi.unmock` path must resolve, from its own file, to
// a module that exists, and every `vi.doMock` must be undone by a `vi.doUnmock` of the same
// module in an `afterEach` that applies to it or in the `finally` of a `try` that follows it.
// Calls are found with TypeScript's parser, so a path in a comment or a string is not a call;
// the negative control shows the check refusing each way of getting it wrong.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { isBuiltin } from 'node:module';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const TEST_ROOT = 'test';
const SOURCE = /\.(ts|tsx|mts|cts|js|mjs|cjs)$/;
const MOCK_CALLS = new Set(['mock', 'doMock', 'doUnmock', 'unmock']);
const MODULE_SUFFIXES = ['', '.ts', '.tsx', '.mts', '.cts', '.js', '.mjs', '.cjs', '.json', '/index.ts', '/index.tsx', '/index.js'];

/** Where a mock's path leads: a file of the repo (relative paths), or a package / built-in by name. */
type Resolve = (specifier: string, fromFile: string) => string | undefined;

interface MockCall {
  kind: string;
  specifier: string | undefined;
  node: ts.CallExpression;
}

/** Resolves like Vitest does for the repo's mocks: relative to the file, with TypeScript's extensions; bare names from node_modules. */
function resolverOver(isFile: (path: string) => boolean): Resolve {
  return (specifier, fromFile) => {
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const base = specifier.startsWith('/') ? specifier : join(dirname(fromFile), specifier);
      return MODULE_SUFFIXES.map((suffix) => normalize(base + suffix)).find(isFile);
    }
    const name = specifier.replace(/^node:/, '');
    if (isBuiltin(specifier) || isBuiltin(name)) return specifier;
    const packageName = specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0]!;
    return isFile(join('node_modules', packageName, 'package.json')) ? specifier : undefined;
  };
}

const onDisk: Resolve = resolverOver((path) => existsSync(path) && statSync(path).isFile());

function scriptKind(fileName: string): ts.ScriptKind {
  if (fileName.endsWith('.tsx')) return ts.ScriptKind.TSX;
  if (/\.[mc]?js$/.test(fileName)) return ts.ScriptKind.JS;
  return ts.ScriptKind.TS;
}

/** The path a mock call names: a string literal, or `import('…')` (Vitest's typed form); undefined when it is computed. */
function specifierOf(argument: ts.Expression | undefined): string | undefined {
  if (!argument) return undefined;
  if (ts.isStringLiteral(argument) || ts.isNoSubstitutionTemplateLiteral(argument)) return argument.text;
  if (ts.isCallExpression(argument) && argument.expression.kind === ts.SyntaxKind.ImportKeyword) return specifierOf(argument.arguments[0]);
  return undefined;
}

function mockCalls(source: ts.SourceFile): MockCall[] {
  const calls: MockCall[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const { expression: target, name } = node.expression;
      if (ts.isIdentifier(target) && target.text === 'vi' && MOCK_CALLS.has(name.text)) {
        calls.push({ kind: name.text, specifier: specifierOf(node.arguments[0]), node });
      }
    }
    node.forEachChild(visit);
  };
  visit(source);
  return calls;
}

/** The name a call is made by: `afterEach`, `describe` (also for `describe.each(…)(…)` and `describe.skip`). */
function calleeName(call: ts.CallExpression): string | undefined {
  let callee: ts.Expression = call.expression;
  while (ts.isCallExpression(callee) || ts.isPropertyAccessExpression(callee)) callee = callee.expression;
  return ts.isIdentifier(callee) ? callee.text : undefined;
}

function ancestors(node: ts.Node): ts.Node[] {
  const chain: ts.Node[] = [];
  for (let parent = node.parent; parent; parent = parent.parent) chain.push(parent);
  return chain;
}

/** The function a node runs in (undefined at the top of the file). */
function enclosingFunction(node: ts.Node): ts.Node | undefined {
  return ancestors(node).find((parent) => ts.isFunctionLike(parent));
}

/** The `afterEach(…)` callback a node runs in, if any. */
function inAfterEach(node: ts.Node): ts.CallExpression | undefined {
  const callback = enclosingFunction(node);
  const call = callback?.parent;
  return call && ts.isCallExpression(call) && calleeName(call) === 'afterEach' && call.arguments.includes(callback as ts.Expression) ? call : undefined;
}

/**
 * An `afterEach` applies to a call when it is registered at the top of the file or in a
 * function (a `describe` body) the call is inside of.
 */
function afterEachCovers(afterEach: ts.CallExpression, mock: ts.Node): boolean {
  const registeredIn = enclosingFunction(afterEach);
  return registeredIn === undefined || ancestors(mock).includes(registeredIn);
}

/** The `try` statements whose `finally` runs after `mock` in every case: `mock` is in their `try` block or comes before them in the same block. */
function guardingTries(mock: ts.Node): ts.TryStatement[] {
  const tries: ts.TryStatement[] = [];
  let child: ts.Node = mock;
  for (const parent of ancestors(mock)) {
    if (ts.isFunctionLike(parent)) break;
    if (ts.isTryStatement(parent) && parent.finallyBlock && child === parent.tryBlock) tries.push(parent);
    if (ts.isBlock(parent) || ts.isSourceFile(parent)) {
      const index = parent.statements.indexOf(child as ts.Statement);
      for (const later of parent.statements.slice(index + 1)) if (ts.isTryStatement(later) && later.finallyBlock) tries.push(later);
    }
    child = parent;
  }
  return tries;
}

/** Everything wrong with the module mocks of one file, one line each (`line N: …`). */
function mockProblems(fileName: string, text: string, resolve: Resolve): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true, scriptKind(fileName));
  const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
  const calls = mockCalls(source);
  const problems: string[] = [];
  for (const call of calls) {
    if (call.specifier === undefined) problems.push(`line ${lineOf(call.node)}: vi.${call.kind}(…) does not name its module with a literal path, so it cannot be checked`);
    else if (!resolve(call.specifier, fileName)) problems.push(`line ${lineOf(call.node)}: vi.${call.kind}('${call.specifier}') names no module (resolved from ${fileName})`);
  }
  const undoes = calls.filter((call) => call.kind === 'doUnmock' && call.specifier !== undefined);
  for (const mock of calls.filter((call) => call.kind === 'doMock' && call.specifier !== undefined)) {
    const target = resolve(mock.specifier!, fileName);
    if (!target) continue; // already reported
    const same = undoes.filter((undo) => resolve(undo.specifier!, fileName) === target);
    const byAfterEach = same.some((undo) => {
      const hook = inAfterEach(undo.node);
      return hook !== undefined && afterEachCovers(hook, mock.node);
    });
    const tries = guardingTries(mock.node);
    const byFinally = same.some((undo) => tries.some((attempt) => ancestors(undo.node).includes(attempt.finallyBlock!)));
    if (!byAfterEach && !byFinally) {
      problems.push(`line ${lineOf(mock.node)}: vi.doMock('${mock.specifier}') is never undone: add vi.doUnmock of the same module in an afterEach or a finally`);
    }
  }
  return problems;
}

function sourceFiles(dir: string): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory() && entry.name !== 'node_modules') files.push(...sourceFiles(path));
    else if (entry.isFile() && SOURCE.test(entry.name)) files.push(path);
  }
  return files;
}

describe('module mocks name existing modules and are undone', () => {
  // A small repo in memory: the sample test sits in test/main/, next to the module it mocks.
  const FILES = new Set(['src-main/app/settings/settings-rules.ts', 'src-main/ipc/sender-check.ts', 'node_modules/zod/package.json']);
  const inMemory = resolverOver((path) => FILES.has(path));
  const check = (lines: string[]) => mockProblems('test/main/sample.test.ts', lines.join('\n'), inMemory);

  it('accepts mocks that resolve and doMocks undone in an afterEach that applies, or in a finally (negative control, the good half)', () => {
    expect(
      check([
        "vi.mock('zod');",
        "vi.mock(import('../../src-main/ipc/sender-check'), () => ({}));",
        "// vi.doUnmock('../../src-main/moved-away') in a comment is no call",
        "const s = \"vi.doMock('../../src-main/moved-away')\";",
        'afterEach(() => {',
        "  vi.doUnmock('../../src-main/app/settings/settings-rules.ts');",
        '});',
        "it('weakened', async () => {",
        "  vi.doMock('../../src-main/app/settings/settings-rules', async (original) => ({ ...(await original()) }));",
        '});',
        "describe('inner', () => {",
        "  it('weakened in a try', async () => {",
        "    vi.doMock('../../src-main/ipc/sender-check', () => ({}));",
        '    try {',
        "      await import('../../src-main/ipc/sender-check');",
        '    } finally {',
        "      vi.doUnmock('../../src-main/ipc/sender-check');",
        '    }',
        '  });',
        "  it('weakened inside the try', async () => {",
        '    try {',
        "      vi.doMock('../../src-main/ipc/sender-check', () => ({}));",
        '    } finally {',
        "      vi.doUnmock('../../src-main/ipc/sender-check');",
        '    }',
        '  });',
        '});',
      ]),
    ).toEqual([]);
  });

  it('refuses a stale path, a computed path, and each doMock left registered (negative control, the bad half)', () => {
    const problems = check([
      /* 1 */ "vi.mock('zod-that-is-not-installed');",
      /* 2 */ 'afterEach(() => {',
      /* 3 */ "  vi.doUnmock('../../src-main/app/settings-rules');", // the path before the file moved
      /* 4 */ '});',
      /* 5 */ "it('weakened', async () => {",
      /* 6 */ "  vi.doMock('../../src-main/app/settings/settings-rules', () => ({}));", // undone only under its old name
      /* 7 */ '});',
      /* 8 */ "it('undone too early', async () => {",
      /* 9 */ "  vi.doMock('../../src-main/ipc/sender-check', () => ({}));",
      /* 10 */ "  vi.doUnmock('../../src-main/ipc/sender-check');", // not in a finally: a throw before it leaks the mock
      /* 11 */ '});',
      /* 12 */ "describe('other', () => {",
      /* 13 */ "  afterEach(() => vi.doUnmock('../../src-main/ipc/sender-check'));",
      /* 14 */ '});',
      /* 15 */ "it('outside that describe', async () => {",
      /* 16 */ "  vi.doMock('../../src-main/ipc/sender-check', () => ({}));",
      /* 17 */ '});',
      /* 18 */ "it('a finally that ran before', async () => {",
      /* 19 */ "  try { await Promise.resolve(); } finally { vi.doUnmock('../../src-main/ipc/sender-check'); }",
      /* 20 */ "  vi.doMock('../../src-main/ipc/sender-check', () => ({}));",
      /* 21 */ '});',
      /* 22 */ 'const where = "../../src-main/ipc/sender-check";',
      /* 23 */ 'vi.doUnmock(where);',
    ]);
    expect(problems.map((problem) => problem.split(':')[0])).toEqual(['line 1', 'line 3', 'line 23', 'line 6', 'line 9', 'line 16', 'line 20']);
    expect(problems[1]).toBe("line 3: vi.doUnmock('../../src-main/app/settings-rules') names no module (resolved from test/main/sample.test.ts)");
    expect(problems[3]).toMatch(/vi\.doMock\('\.\.\/\.\.\/src-main\/app\/settings\/settings-rules'\) is never undone/);
  });

  it('every mock path in test/ resolves from its own file, and every doMock is undone in an afterEach or a finally', () => {
    const files = sourceFiles(TEST_ROOT);
    expect(files.length).toBeGreaterThan(100);
    const problems = files.flatMap((file) => mockProblems(file, readFileSync(file, 'utf8'), onDisk).map((problem) => `${file}: ${problem}`));
    expect(problems).toEqual([]);
  });
});
