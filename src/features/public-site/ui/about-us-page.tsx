import { m } from '@/i18n/generated/messages.js';
import { ButtonLink } from '@/ui/button';
import { InfoPage } from './info-page';

/** /main/about-us: Basha explained to people already using it, with the ways to make the most of it. */
export function AboutUsPage() {
  return (
    <InfoPage title={m.site_about_us_title()} lead={m.site_about_us_lead()}>
      <h2>{m.site_about_us_connections_title()}</h2>
      <p>{m.site_about_us_connections_text()}</p>
      <h2>{m.site_about_us_trust_title()}</h2>
      <p>{m.site_about_us_trust_text()}</p>
      <h2>{m.site_about_us_most_title()}</h2>
      <ul>
        <li>{m.site_about_us_most_post()}</li>
        <li>{m.site_about_us_most_offer()}</li>
        <li>{m.site_about_us_most_review()}</li>
      </ul>
      <p className="info-page__actions">
        <ButtonLink to="/main/add-rent">{m.site_about_post_rent_ad()}</ButtonLink>{' '}
        <ButtonLink to="/main/offer-service" variant="secondary">
          {m.site_about_offer_service()}
        </ButtonLink>
      </p>
    </InfoPage>
  );
}
