import { valibotResolver } from '@hookform/resolvers/valibot';
import { useForm } from 'react-hook-form';
import {
  EMPTY_LANDING_FEEDBACK,
  FEEDBACK_MESSAGE_ROWS,
  FEEDBACK_RESET_DELAY_MS,
  landingFeedbackSchema,
  type LandingFeedback,
  type LandingFeedbackInput,
} from '@/domain/landing-feedback-form';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { TextAreaField, TextField } from '@/ui/field';
import { showToast } from '@/ui/toast/toast-atoms';
import { sendLandingFeedback } from '../api/send-landing-feedback';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The feedback form of the landing page (shell spec 2.5 and 5.1), also used on /contact. Validation runs on
 * submit, then on every change. While sending, everything is disabled and the button reads "Submitting...";
 * the form clears one second later. A message the server did not take stays in the form, so nothing is lost.
 */
export function FeedbackForm() {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<LandingFeedbackInput, unknown, LandingFeedback>({
    resolver: valibotResolver(landingFeedbackSchema),
    defaultValues: EMPTY_LANDING_FEEDBACK,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });

  const onSubmit = async (values: LandingFeedback) => {
    const [sent] = await Promise.allSettled([sendLandingFeedback(values), delay(FEEDBACK_RESET_DELAY_MS)]);
    if (sent.status === 'fulfilled') {
      reset(EMPTY_LANDING_FEEDBACK);
      showToast(sent.value, 'success');
    } else {
      showToast(await apiErrorMessage(sent.reason, 'Your message could not be sent. Please try again.'), 'error');
    }
  };

  return (
    <form className="feedback-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <fieldset className="feedback-form__fields" disabled={isSubmitting}>
        <legend className="visually-hidden">Your feedback</legend>
        <div className="feedback-form__row">
          <TextField label="Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
        </div>
        <div className="feedback-form__row">
          <TextField
            label="Contact"
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            error={errors.contact?.message}
            {...register('contact')}
          />
          <TextField label="Subject" error={errors.subject?.message} {...register('subject')} />
        </div>
        <TextAreaField
          label="Message"
          rows={FEEDBACK_MESSAGE_ROWS}
          error={errors.message?.message}
          {...register('message')}
        />
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Submitting...' : 'Submit Feedback'}
        </Button>
      </fieldset>
    </form>
  );
}
