import { COOKIE_SELF_ID, COOKIE_SELF_TOKEN } from '@/domain/constants';
import { m } from '@/i18n/generated/messages.js';
import { InfoPage } from './info-page';
import { slot, withSlots } from './with-slots';

const PRIVACY_EMAIL = 'privacy@basha.app';

/** The table's rows: what is kept, why, and for how long. */
const KEPT = [
  [m.site_privacy_profile_what, m.site_privacy_profile_why, m.site_privacy_profile_how_long],
  [m.site_privacy_nid_what, m.site_privacy_nid_why, m.site_privacy_nid_how_long],
  [m.site_privacy_listings_what, m.site_privacy_listings_why, m.site_privacy_listings_how_long],
  [m.site_privacy_sessions_what, m.site_privacy_sessions_why, m.site_privacy_sessions_how_long],
  [m.site_privacy_codes_what, m.site_privacy_codes_why, m.site_privacy_codes_how_long],
  [m.site_privacy_messages_what, m.site_privacy_messages_why, m.site_privacy_messages_how_long],
] as const;

export function PrivacyPage() {
  return (
    <InfoPage title={m.site_privacy_title()} lead={m.site_privacy_lead()}>
      <h2>{m.site_privacy_servers_title()}</h2>
      <table>
        <thead>
          <tr>
            <th scope="col">{m.site_privacy_col_what()}</th>
            <th scope="col">{m.site_privacy_col_why()}</th>
            <th scope="col">{m.site_privacy_col_how_long()}</th>
          </tr>
        </thead>
        <tbody>
          {KEPT.map(([what, why, howLong], row) => (
            <tr key={row}>
              <td>{what()}</td>
              <td>{why()}</td>
              <td>{howLong()}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>{m.site_privacy_password()}</p>
      <h2>{m.site_privacy_photos_title()}</h2>
      <p>{m.site_privacy_photos_text()}</p>
      <h2>{m.site_privacy_phone_title()}</h2>
      <ul>
        <li>
          <strong>{m.site_privacy_cookies_title()}</strong>
          {withSlots(m.site_privacy_cookies_text({ first: slot(0), second: slot(1) }), [
            <code key="id">{COOKIE_SELF_ID}</code>,
            <code key="token">{COOKIE_SELF_TOKEN}</code>,
          ])}
        </li>
        <li>
          <strong>{m.site_privacy_browsed_title()}</strong>
          {m.site_privacy_browsed_text()}
        </li>
        <li>
          <strong>{m.site_privacy_waiting_title()}</strong>
          {m.site_privacy_waiting_text()}
        </li>
        <li>
          <strong>{m.site_privacy_app_title()}</strong>
          {m.site_privacy_app_text()}
        </li>
      </ul>
      <p>{m.site_privacy_clear()}</p>
      <h2>{m.site_privacy_share_title()}</h2>
      <p>{m.site_privacy_share_text()}</p>
      <h2>{m.site_privacy_choices_title()}</h2>
      <p>
        {withSlots(m.site_privacy_choices_text({ email: slot(0) }), [
          <a key="email" href={`mailto:${PRIVACY_EMAIL}`}>
            {PRIVACY_EMAIL}
          </a>,
        ])}
      </p>
    </InfoPage>
  );
}
