import { readFileSync } from 'node:fs';

/**
 * Language is data (src/i18n/locale.ts, docs/i18n.md "Adding a language"). Code that asks "is this Bangla?"
 * (`locale === 'bn' ? x : y`) files every other language under the other branch, silently: a third language would
 * get English digits or Bangla month names. Outside src/i18n, code reads what differs from the locale table, or keys
 * it `Record<Locale, …>` so that a language without it does not compile. This rule refuses comparing anything with
 * a language code ('bn', 'en', 'bn-BD', …): `===`, `!==`, `==`, `!=` and `case 'bn':`.
 *
 * The codes are the locale table's (`localeCodes`), handed to the rule by eslint.config.js.
 */
/** @type {import('eslint').Rule.RuleModule} */
export const noLocaleComparison = {
  meta: {
    type: 'problem',
    docs: { description: 'No comparison with a language code outside src/i18n: language is data.' },
    messages: {
      comparison:
        "Comparing with the language code '{{code}}' misfiles every other language: read it from the locale table (src/i18n/locale.ts) or key it Record<Locale, …> (docs/i18n.md).",
    },
    schema: [
      {
        type: 'object',
        properties: { locales: { type: 'array', items: { type: 'string' }, minItems: 1 } },
        required: ['locales'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const codes = new Set(context.options[0].locales.map((code) => code.toLowerCase()));
    /** The language code a node spells, if it is a string naming one of Basha's languages ('bn', 'bn-BD', "bn_BD"). */
    const codeOf = (node) => {
      const text =
        node?.type === 'Literal' && typeof node.value === 'string'
          ? node.value
          : node?.type === 'TemplateLiteral' && node.expressions.length === 0
            ? node.quasis[0]?.value.cooked
            : undefined;
      if (typeof text !== 'string') return undefined;
      const primary = text.trim().toLowerCase().split(/[-_]/)[0];
      return codes.has(primary) ? text : undefined;
    };
    const report = (node, code) => context.report({ node, messageId: 'comparison', data: { code } });
    return {
      BinaryExpression(node) {
        if (!['===', '!==', '==', '!='].includes(node.operator)) return;
        const code = codeOf(node.left) ?? codeOf(node.right);
        if (code !== undefined) report(node, code);
      },
      SwitchCase(node) {
        const code = codeOf(node.test);
        if (code !== undefined) report(node, code);
      },
    };
  },
};

/**
 * The codes of Basha's languages, read from the locale table's source (ESLint's config runs in plain Node, which does
 * not load TypeScript): the keys of `LOCALE_TABLE` in src/i18n/locale.ts. scripts/lint/no-locale-comparison.test.ts
 * checks they are the table's `LOCALES`.
 */
export function localeCodes(localeModulePath) {
  const source = readFileSync(localeModulePath, 'utf8');
  const table = /const LOCALE_TABLE = \{\n([\s\S]*?)\n\} as const/.exec(source)?.[1];
  if (!table) throw new Error(`No LOCALE_TABLE in ${localeModulePath}`);
  const codes = [...table.matchAll(/^ {2}(?:'([a-z][\w-]*)'|([a-z]\w*)): \{/gm)].map((match) => match[1] ?? match[2]);
  if (codes.length === 0) throw new Error(`LOCALE_TABLE in ${localeModulePath} names no language`);
  return codes;
}
