import { FeedbackForm } from './feedback-form';
import { InfoPage } from './info-page';

export function ContactPage() {
  return (
    <InfoPage
      title="Contact us"
      lead="Questions about a listing, a problem with your account, or an idea for Basha? We answer within one working day."
      aside={
        <>
          <div className="card">
            <h2>Reach the team</h2>
            <p>
              E-mail: <a href="mailto:support@basha.app">support@basha.app</a>
              <br />
              Phone: <a href="tel:+8809612345678">+880 9612-345678</a>
              <br />
              Saturday to Thursday, 9:00 to 18:00
            </p>
          </div>
          <div className="card">
            <h2>Office</h2>
            <p>
              Basha Technologies
              <br />
              House 27, Road 11, Banani
              <br />
              Dhaka 1213, Bangladesh
            </p>
          </div>
        </>
      }
    >
      <h2>Send us a message</h2>
      <p className="muted">Every message is read by a person. Please do not send passwords or NID numbers.</p>
      <FeedbackForm />
    </InfoPage>
  );
}
