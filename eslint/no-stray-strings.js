// Lint rule `counter-tray/no-stray-strings` (issue 27): user-visible text comes from the
// catalog (src-shared/i18n/catalogs), never from a literal in the code, so a string added
// outside the catalog fails `npm run lint` before any test runs. Looked at:
// - the popup (JSX): text between tags, and the attributes people read or hear
//   (aria-label, aria-description, title, placeholder, alt, label, and our components'
//   question / detail / confirmLabel / cancelLabel);
// - main's desktop surfaces: properties a tray menu, a notification or a dialog shows
//   (label, title, body, detail, buttons, buttonLabel, tooltip) and calls that set tray text.
// A literal counts when it holds two letters in a row (a word); symbols ("+", "−", "→",
// "·") and single keys are not words. The e2e pseudo-locale run catches what a literal
// built at run time would escape here (test/e2e/i18n.spec.ts).
const WORD = /\p{L}{2,}/u;
/** A catalog key named where the type says so (`title: 'notice.settingsTitle'` of a Notice): words by reference, not text. */
const CATALOG_KEY = /^[a-z]+(\.[a-zA-Z]+)+$/;

const JSX_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'aria-valuetext', 'title', 'placeholder', 'alt', 'label', 'question', 'detail', 'confirmLabel', 'cancelLabel']);
const SHOWN_PROPERTIES = new Set(['label', 'title', 'body', 'detail', 'buttons', 'buttonLabel', 'tooltip', 'toolTip']);
const SHOWN_CALLS = new Set(['setToolTip', 'setTitle', 'alert']);

/** The literal text of a string or a template literal node (its fixed parts), or null. */
function literalText(node) {
  if (!node) return null;
  if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
  if (node.type === 'TemplateLiteral') return node.quasis.map((q) => q.value.cooked ?? '').join(' ');
  return null;
}

/** Every string literal a value reaches without a call: `a ? 'x' : 'y'`, `['x', t('y')]`, `'x' + name` (a condition's test is not shown). */
function literalsIn(node) {
  if (!node) return [];
  switch (node.type) {
    case 'Literal':
    case 'TemplateLiteral':
      return [node];
    case 'ConditionalExpression':
      return [...literalsIn(node.consequent), ...literalsIn(node.alternate)];
    // `shown && 'text'` shows the right side only; `a || 'text'` and `a ?? 'text'` either.
    case 'LogicalExpression':
      return node.operator === '&&' ? literalsIn(node.right) : [...literalsIn(node.left), ...literalsIn(node.right)];
    // `'text' + name` is shown; `kind === 'UpDown'` is a comparison, not text.
    case 'BinaryExpression':
      return node.operator === '+' ? [...literalsIn(node.left), ...literalsIn(node.right)] : [];
    case 'ArrayExpression':
      return node.elements.flatMap((element) => literalsIn(element));
    case 'JSXExpressionContainer':
      return literalsIn(node.expression);
    case 'TSAsExpression':
    case 'TSSatisfiesExpression':
      return literalsIn(node.expression);
    default:
      return [];
  }
}

export default {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the i18n catalog, not from a literal' },
    schema: [{ type: 'object', properties: { jsx: { type: 'boolean' }, desktop: { type: 'boolean' } }, additionalProperties: false }],
    messages: {
      stray: 'User-visible text "{{text}}" is not from the catalog: add it to src-shared/i18n/catalogs (English and German) and say it with t().',
    },
  },
  create(context) {
    const { jsx = false, desktop = false } = context.options[0] ?? {};
    const report = (node) => {
      const text = literalText(node);
      if (text !== null && WORD.test(text) && !CATALOG_KEY.test(text)) context.report({ node, messageId: 'stray', data: { text: text.trim().slice(0, 40) } });
    };
    const visitors = {};
    if (jsx) {
      visitors.JSXText = (node) => {
        if (WORD.test(node.value)) context.report({ node, messageId: 'stray', data: { text: node.value.trim().slice(0, 40) } });
      };
      visitors.JSXAttribute = (node) => {
        const name = node.name.type === 'JSXIdentifier' ? node.name.name : '';
        if (JSX_ATTRIBUTES.has(name)) literalsIn(node.value).forEach(report);
      };
      // {'Loading…'} or {cond ? 'Yes' : 'No'} between tags.
      visitors['JSXElement > JSXExpressionContainer'] = (node) => literalsIn(node.expression).forEach(report);
    }
    if (desktop) {
      visitors.Property = (node) => {
        const key = node.key.type === 'Identifier' ? node.key.name : node.key.type === 'Literal' ? String(node.key.value) : '';
        if (SHOWN_PROPERTIES.has(key)) literalsIn(node.value).forEach(report);
      };
      visitors.CallExpression = (node) => {
        const callee = node.callee.type === 'MemberExpression' ? node.callee.property : node.callee;
        if (callee.type === 'Identifier' && SHOWN_CALLS.has(callee.name)) node.arguments.flatMap((arg) => literalsIn(arg)).forEach(report);
      };
    }
    return visitors;
  },
};
