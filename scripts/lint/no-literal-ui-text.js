/**
 * Words a person reads come from the message catalogs (src/i18n, docs/i18n.md), never from a literal in the
 * code: a literal shows English on a Bangla screen. This rule finds the literals a page shows:
 * text between JSX tags, and string values of the attributes people read or hear (labels, placeholders, titles,
 * alternative text). Text without a letter (punctuation, "·", "৳", digits) is not a message and passes.
 */
const READ_ATTRIBUTES = new Set(['aria-label', 'aria-description', 'alt', 'title', 'placeholder', 'label', 'hint']);
const LETTER = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
export const noLiteralUiText = {
  meta: {
    type: 'problem',
    docs: { description: 'User-visible text comes from the message catalogs, not from literals.' },
    messages: {
      literal:
        'User-visible text "{{text}}" is a literal: add it to the catalog (messages/en.json and bn.json) and use m.<key>().',
    },
    schema: [],
  },
  create(context) {
    const report = (node, text) =>
      context.report({ node, messageId: 'literal', data: { text: text.trim().slice(0, 40) } });
    return {
      JSXText(node) {
        if (LETTER.test(node.value)) report(node, node.value);
      },
      JSXAttribute(node) {
        const name = typeof node.name.name === 'string' ? node.name.name : '';
        if (!READ_ATTRIBUTES.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? node.value.expression : node.value;
        if (value.type === 'Literal' && typeof value.value === 'string' && LETTER.test(value.value)) {
          report(value, value.value);
        }
        if (value.type === 'TemplateLiteral' && value.quasis.some((quasi) => LETTER.test(quasi.value.cooked ?? ''))) {
          report(value, value.quasis.map((quasi) => quasi.value.cooked).join('…'));
        }
      },
      // A string in braces between tags: <p>{'Sign in'}</p>.
      'JSXExpressionContainer > Literal'(node) {
        if (node.parent.parent?.type === 'JSXAttribute') return;
        if (typeof node.value === 'string' && LETTER.test(node.value)) report(node, node.value);
      },
    };
  },
};
