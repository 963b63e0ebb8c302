import { m } from '@/i18n/generated/messages.js';
import { ButtonLink } from '@/ui/button';
import { InfoPage } from './info-page';

export function AboutPage() {
  return (
    <InfoPage title={m.site_about_title()} lead={m.site_about_lead()}>
      <h2>{m.site_about_what_title()}</h2>
      <p>{m.site_about_what_text()}</p>
      <h2>{m.site_about_why_title()}</h2>
      <p>{m.site_about_why_text()}</p>
      <h2>{m.site_about_trust_title()}</h2>
      <ul>
        <li>{m.site_about_trust_code()}</li>
        <li>{m.site_about_trust_providers()}</li>
        <li>{m.site_about_trust_reviews()}</li>
        <li>{m.site_about_trust_owner()}</li>
      </ul>
      <h2>{m.site_about_connections_title()}</h2>
      <p>{m.site_about_connections_text()}</p>
      <p>
        <ButtonLink to="/auth/register">{m.site_about_join()}</ButtonLink>
      </p>
    </InfoPage>
  );
}
