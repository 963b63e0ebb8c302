/**
 * Numbers, amounts and dates are formatted in one module, src/i18n/format.ts, per language (docs/i18n.md): Intl and
 * the `toLocale…String` methods elsewhere would format in a language chosen on the spot (or the browser's), and a
 * new language would have to be found in every such place.
 */
/** @type {import('eslint').Rule.RuleModule} */
export const formatsInI18n = {
  meta: {
    type: 'problem',
    docs: { description: 'Intl and toLocale…String only in src/i18n/format.ts.' },
    messages: {
      intl: 'Format numbers, amounts and dates with src/i18n/format.ts (one module per language), not {{what}} here.',
    },
    schema: [],
  },
  create(context) {
    return {
      'MemberExpression[object.type="Identifier"][object.name="Intl"]'(node) {
        context.report({ node, messageId: 'intl', data: { what: 'Intl' } });
      },
      'CallExpression > MemberExpression.callee[property.name=/^toLocale(Date|Time)?String$/]'(node) {
        context.report({ node, messageId: 'intl', data: { what: node.property.name } });
      },
    };
  },
};
