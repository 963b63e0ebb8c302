import { valibotResolver } from '@hookform/resolvers/valibot';
import { useCallback } from 'react';
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
import { m } from '@/i18n/generated/messages.js';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { Button } from '@/ui/button';
import { EmailField, Form, TextAreaField, TextField } from '@/ui/form-field';
import { showToast } from '@/ui/toast/toast-atoms';
import './feedback-form.css';

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
  const restore = useCallback((held: OutboxItem<'landing-feedback'>) => reset(held.payload), [reset]);
  const post = useOutboxPost('landing-feedback', { ownerId: null, heldId: editingId, onHeld: restore });

  const onSubmit = async (values: LandingFeedback) => {
    // The edited message replaces the refused one it came from.
    const sending = post.submit({
      label: m.site_feedback_outbox_label({ subject: values.subject }),
      payload: values,
      notSavedMessage: m.site_feedback_send_failed(),
    });
    if (editingId) setSearchParams({}, { replace: true });
    const [outcome] = await Promise.all([sending, delay(FEEDBACK_RESET_DELAY_MS)]);
    if (outcome.type === 'refused' || outcome.type === 'not-saved') {
      showToast(outcome.message, 'error');
      return;
    }
    reset(EMPTY_LANDING_FEEDBACK);
    if (outcome.type === 'sent') showToast(outcome.result.message || m.site_feedback_thanks(), 'success');
    else showToast(outcome.message, 'info');
  };

  return (
    <Form form={form} className="feedback-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <fieldset className="feedback-form__fields" disabled={formState.isSubmitting}>
        <legend className="visually-hidden">{m.site_feedback_legend()}</legend>
        <div className="form-grid">
          <TextField name="name" label={m.site_feedback_name()} autoComplete="name" />
          <EmailField />
        </div>
        <div className="form-grid">
          <TextField name="contact" label={m.site_feedback_contact()} type="tel" autoComplete="tel" inputMode="tel" />
          <TextField name="subject" label={m.site_feedback_subject()} />
        </div>
        <TextAreaField name="message" label={m.site_feedback_message()} rows={FEEDBACK_MESSAGE_ROWS} />
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? m.site_feedback_submitting() : m.site_feedback_submit()}
        </Button>
      </fieldset>
    </Form>
  );
}
