// Lint rule `counter-tray/short-header`: a file's header says why in at most `max` comment lines;
// longer reasoning belongs in the folder's README, where it is said once and read first.
// The header is every comment before the first token, except a doc comment right on the first declaration.
const DIRECTIVE = /^\s*(eslint[\s-]|@ts-|global\s|jshint|istanbul)/;

/** Lines of a comment that carry text: a block comment's opening, closing and bare-star lines do not count. */
function textLines(comment) {
  if (comment.type === 'Line') return 1;
  return comment.value.split('\n').filter((line) => line.replace(/^\s*\*?/, '').trim() !== '').length;
}

export default {
  meta: {
    type: 'suggestion',
    docs: { description: "A file's header says why in at most a few comment lines" },
    schema: [{ type: 'object', properties: { max: { type: 'integer', minimum: 1 } }, additionalProperties: false }],
    messages: {
      long: "The file's header has {{lines}} comment lines: say why in at most {{max}}, and move longer reasoning into the folder's README.md (once).",
    },
  },
  create(context) {
    const { max = 3 } = context.options[0] ?? {};
    const source = context.sourceCode;
    return {
      Program(program) {
        const first = source.ast.tokens[0];
        const end = first ? first.range[0] : Infinity;
        const header = source.getAllComments().filter((c) => c.range[1] <= end && c.type !== 'Shebang' && !DIRECTIVE.test(c.value));
        const last = header[header.length - 1];
        const onFirstDeclaration = first && last && last.type === 'Block' && last.value.startsWith('*') && first.loc.start.line - last.loc.end.line <= 1 && first.value !== 'import';
        if (onFirstDeclaration) header.pop();
        const lines = header.reduce((sum, comment) => sum + textLines(comment), 0);
        if (lines <= max) return;
        context.report({ node: program, loc: { start: header[0].loc.start, end: header[header.length - 1].loc.end }, messageId: 'long', data: { lines, max } });
      },
    };
  },
};
