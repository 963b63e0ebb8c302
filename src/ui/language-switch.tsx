import { switchLocale, useLocale } from '@/i18n/client-locale';
import { m } from '@/i18n/generated/messages.js';
import type { Locale } from '@/i18n/locale';

/** Each language named in itself, so a person finds theirs whatever the page speaks now. */
const LANGUAGE_NAMES: ReadonlyArray<{ locale: Locale; name: string }> = [
  { locale: 'bn', name: 'বাংলা' },
  { locale: 'en', name: 'English' },
];

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
