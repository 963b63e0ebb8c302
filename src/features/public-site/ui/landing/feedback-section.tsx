import { m } from 'framer-motion';
import { FeedbackForm } from '../feedback-form';

/** The landing feedback card; it fades in once a fifth of it is in view (shell spec 2.5). */
export function FeedbackSection() {
  return (
    <section className="landing-section" aria-labelledby="feedback-title">
      <m.div
        className="feedback-card card"
        data-testid="feedback-card"
        initial={{ opacity: 0, y: 16 }}
        whileInView={{ opacity: 1, y: 0 }}
        viewport={{ once: true, amount: 0.2 }}
        transition={{ duration: 0.5 }}
      >
        <div className="feedback-card__intro">
          <h2 id="feedback-title">Your opinion is important to us</h2>
          <p>
            Tell us what worked, what did not, and what you would like Basha to do next. Every message is read by the
            team in Dhaka.
          </p>
        </div>
        <FeedbackForm />
      </m.div>
    </section>
  );
}
