import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { ButtonLink } from '@/ui/button';

export function NotFoundPage() {
  return (
    <section className="not-found">
      <p className="not-found__code">{localDigits('404', getLocale())}</p>
      <h1>{m.app_not_found_heading()}</h1>
      <p>{m.app_not_found_text()}</p>
      <ButtonLink to="/">{m.app_go_home()}</ButtonLink>
    </section>
  );
}
