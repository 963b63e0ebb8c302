import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { FeedbackForm } from './feedback-form';
import { InfoPage } from './info-page';

const SUPPORT_EMAIL = 'support@basha.app';
const SUPPORT_PHONE = '+880 9612-345678';

export function ContactPage() {
  return (
    <InfoPage
      title={m.site_contact_title()}
      lead={m.site_contact_lead()}
      aside={
        <>
          <div className="card">
            <h2>{m.site_contact_reach_title()}</h2>
            <p>
              {m.site_contact_email_label()} <a href={`mailto:${SUPPORT_EMAIL}`}>{SUPPORT_EMAIL}</a>
              <br />
              {m.site_contact_phone_label()}{' '}
              <a href={`tel:${SUPPORT_PHONE.replace(/[\s-]/g, '')}`}>{localDigits(SUPPORT_PHONE, getLocale())}</a>
              <br />
              {m.site_contact_hours()}
            </p>
          </div>
          <div className="card">
            <h2>{m.site_contact_office_title()}</h2>
            <p>
              {m.site_contact_office_name()}
              <br />
              {m.site_contact_office_street()}
              <br />
              {m.site_contact_office_city()}
            </p>
          </div>
        </>
      }
    >
      <h2>{m.site_contact_form_title()}</h2>
      <p className="muted">{m.site_contact_form_note()}</p>
      <FeedbackForm />
    </InfoPage>
  );
}
