import { switchLocale, useLocale } from '@/i18n/client-locale';
import { m } from '@/i18n/generated/messages.js';
import { LANGUAGE_NAMES } from '@/i18n/language-names';
import type { Locale } from '@/i18n/locale';

/** Bangla or English, at once and remembered on this phone (and on the account, see `onSwitch`). */
export function LanguageSwitch({ onSwitch }: { onSwitch?: (locale: Locale) => void }) {
  const active = useLocale();
  return (
    <div className="language-switch" role="group" aria-label={m.ui_language()}>
      {LANGUAGE_NAMES.map(({ locale, name }) => (
        <button
          key={locale}
          type="button"
          lang={locale}
          className="language-switch__option"
          aria-pressed={locale === active}
          onClick={() => {
            switchLocale(locale);
            onSwitch?.(locale);
          }}
        >
          {name}
        </button>
      ))}
    </div>
  );
}
