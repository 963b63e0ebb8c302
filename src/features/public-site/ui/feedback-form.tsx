import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useSearchParams } from 'react-router-dom';
import {
  EMPTY_LANDING_FEEDBACK,
  FEEDBACK_MESSAGE_ROWS,
  FEEDBACK_RESET_DELAY_MS,
  landingFeedbackSchema,
  type LandingFeedback,
  type LandingFeedbackInput,
} from '@/domain/landing-feedback-form';
import { queuedMessage } from '@/domain/outbox';
import { discardOutboxItem, OutboxStorageFull } from '@/lib/outbox/outbox';
import { getOutboxItem } from '@/lib/outbox/outbox-db';
import { Button } from '@/ui/button';
import { EmailField, Form, TextAreaField, TextField } from '@/ui/form-field';
import { showToast } from '@/ui/toast/toast-atoms';
import {
  FEEDBACK_SEND_FAILED_MESSAGE,
  publishLandingFeedback,
  queueLandingFeedback,
} from '../api/send-landing-feedback';

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The feedback form of the landing page (shell spec 2.5 and 5.1), also used on /contact. Validation runs on
 * submit, then on every change. While sending, everything is disabled and the button reads "Submitting...";
 * the form clears one second later. A message the server refused stays in the form, so nothing is lost; one
 * that could not go yet (offline) is saved on the phone and sent later, so the form clears. Opened with
 * `?outbox=<id>` (Edit in the outbox panel), it holds a message the server refused, and sending the fixed one
 * replaces it.
 */
export function FeedbackForm() {
  const form = useForm<LandingFeedbackInput, unknown, LandingFeedback>({
    resolver: valibotResolver(landingFeedbackSchema),
    defaultValues: EMPTY_LANDING_FEEDBACK,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { handleSubmit, reset, formState } = form;

  // Edit from the outbox (/contact?outbox=<id>): the refused message comes back into the form.
  const [searchParams, setSearchParams] = useSearchParams();
  const editingId = Number(searchParams.get('outbox')) || undefined;
  useEffect(() => {
    if (!editingId) return undefined;
    let live = true;
    void getOutboxItem(editingId).then((item) => {
      if (!live || item?.kind !== 'landing-feedback') return;
      reset({ ...EMPTY_LANDING_FEEDBACK, ...(item.payload as Partial<LandingFeedbackInput>) });
    });
    return () => {
      live = false;
    };
  }, [editingId, reset]);

  const onSubmit = async (values: LandingFeedback) => {
    let itemId: number;
    try {
      itemId = await queueLandingFeedback(values);
      // The edited message replaces the refused one it came from.
      if (editingId) {
        await discardOutboxItem(editingId);
        setSearchParams({}, { replace: true });
      }
    } catch (error) {
      console.error('The message could not be saved on this device', error);
      showToast(error instanceof OutboxStorageFull ? error.message : FEEDBACK_SEND_FAILED_MESSAGE, 'error');
      return;
    }
    const [outcome] = await Promise.all([publishLandingFeedback(itemId), delay(FEEDBACK_RESET_DELAY_MS)]);
    if (outcome.type === 'failed') {
      await discardOutboxItem(itemId);
      showToast(outcome.message, 'error');
      return;
    }
    reset(EMPTY_LANDING_FEEDBACK);
    if (outcome.type === 'sent') showToast(outcome.result.message || 'Thank you for your feedback!', 'success');
    else showToast(queuedMessage('landing-feedback', outcome.reason), 'info');
  };

  return (
    <Form form={form} className="feedback-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <fieldset className="feedback-form__fields" disabled={formState.isSubmitting}>
        <legend className="visually-hidden">Your feedback</legend>
        <div className="feedback-form__row">
          <TextField name="name" label="Name" autoComplete="name" />
          <EmailField />
        </div>
        <div className="feedback-form__row">
          <TextField name="contact" label="Contact" type="tel" autoComplete="tel" inputMode="tel" />
          <TextField name="subject" label="Subject" />
        </div>
        <TextAreaField name="message" label="Message" rows={FEEDBACK_MESSAGE_ROWS} />
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Submitting...' : 'Submit Feedback'}
        </Button>
      </fieldset>
    </Form>
  );
}
