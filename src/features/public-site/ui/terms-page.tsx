import { m } from '@/i18n/generated/messages.js';
import { InfoPage } from './info-page';

export function TermsPage() {
  return (
    <InfoPage title={m.site_terms_title()} lead={m.site_terms_lead()}>
      <h2>{m.site_terms_account_title()}</h2>
      <p>{m.site_terms_account_text()}</p>
      <h2>{m.site_terms_listings_title()}</h2>
      <ul>
        <li>{m.site_terms_listings_rent()}</li>
        <li>{m.site_terms_listings_services()}</li>
        <li>{m.site_terms_listings_photos()}</li>
        <li>{m.site_terms_listings_booked()}</li>
      </ul>
      <h2>{m.site_terms_reviews_title()}</h2>
      <p>{m.site_terms_reviews_text()}</p>
      <h2>{m.site_terms_dealing_title()}</h2>
      <p>{m.site_terms_dealing_text()}</p>
      <h2>{m.site_terms_forbidden_title()}</h2>
      <ul>
        <li>{m.site_terms_forbidden_false()}</li>
        <li>{m.site_terms_forbidden_harassment()}</li>
        <li>{m.site_terms_forbidden_security()}</li>
      </ul>
      <p>{m.site_terms_forbidden_removal()}</p>
      <h2>{m.site_terms_changes_title()}</h2>
      <p>{m.site_terms_changes_text()}</p>
    </InfoPage>
  );
}
