import { formatsInI18n } from './formats-in-i18n.js';
import { noLiteralUiText } from './no-literal-ui-text.js';
import { noLocaleComparison } from './no-locale-comparison.js';

/** Basha's own lint rules (eslint.config.js), each tested with ESLint's RuleTester beside it. */
export const basha = {
  rules: {
    'no-literal-ui-text': noLiteralUiText,
    'no-locale-comparison': noLocaleComparison,
    'formats-in-i18n': formatsInI18n,
  },
};
