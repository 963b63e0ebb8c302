import { m } from '@/i18n/generated/messages.js';
import { Reveal } from '@/ui/reveal';
import { FeedbackForm } from '../feedback-form';

/** The landing feedback card; it fades in once a fifth of it is in view (shell spec 2.5). */
export function FeedbackSection() {
  return (
    <section className="landing-section" aria-labelledby="feedback-title">
      <Reveal className="feedback-card card" data-testid="feedback-card" amount={0.2}>
        <div className="feedback-card__intro">
          <h2 id="feedback-title">{m.site_feedback_title()}</h2>
          <p>{m.site_feedback_intro()}</p>
        </div>
        <FeedbackForm />
      </Reveal>
    </section>
  );
}
