import { valibotResolver } from '@hookform/resolvers/valibot';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import * as v from 'valibot';
import { placeLine } from '@/domain/places/place-display';
import {
  addDays,
  dhakaDate,
  isRequestDateInRange,
  newRequestSchema,
  REQUEST_DAYS_AHEAD,
  REQUEST_NOTE_MAX_LENGTH,
  TIMES_OF_DAY,
  type NewRequestValues,
  type TimeOfDay,
} from '@/domain/request-status';
import { typedNumberValue } from '@/domain/typed-number';
import { localDigits } from '@/i18n/digits';
import { formatTaka } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { useEmailVerification } from '@/lib/use-email-verification';
import { Button, ButtonLink } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { ChoicesField, Form, SelectField, TextAreaField, TextField } from '@/ui/form-field';
import { AmountField } from '@/ui/number-fields';
import type { RequestTarget } from '@/ui/request-slots';
import { showToast } from '@/ui/toast/toast-atoms';
import { VerifyEmailNotice } from '@/ui/verify-email-notice';
import { requestItemLabel, timeOfDayLabel } from './request-words';
import './requests.css';

interface RequestFormFields {
  date: string;
  timeOfDay: string;
  placeId: string;
  note: string;
  offeredPrice: string;
}

/** The form's fields as the request's body, checked by the domain's schema and by the listing's own bounds. */
export function requestFormSchema(target: RequestTarget, now: Date) {
  // The domain's body, read from what the transform makes of the fields (its own checks stand).
  const body: v.GenericSchema<unknown, NewRequestValues> = newRequestSchema;
  return v.pipe(
    v.object({
      date: v.string(),
      timeOfDay: v.string(),
      placeId: v.string(),
      note: v.string(),
      offeredPrice: v.string(),
    }),
    v.transform((fields): unknown => {
      const price = fields.offeredPrice.trim();
      return {
        kind: target.kind,
        listingId: target.listingId,
        date: fields.date,
        timeOfDay: fields.timeOfDay,
        note: fields.note,
        ...(target.kind === 'service' && fields.placeId ? { placeId: fields.placeId } : {}),
        ...(target.kind === 'service' && price ? { offeredPrice: typedNumberValue(price) ?? Number.NaN } : {}),
      };
    }),
    body,
    v.forward(
      v.check(
        (values: NewRequestValues) => isRequestDateInRange(values.date, now),
        () => m.server_requests_date_out_of_range({ days: localDigits(String(REQUEST_DAYS_AHEAD), getLocale()) }),
      ),
      ['date'],
    ),
    v.forward(
      v.check(
        (values: NewRequestValues) => target.kind !== 'service' || target.places.length === 0 || !!values.placeId,
        () => m.requests_place_invalid(),
      ),
      ['placeId'],
    ),
    v.forward(
      v.check(
        (values: NewRequestValues) =>
          target.kind !== 'service' ||
          values.offeredPrice === undefined ||
          (values.offeredPrice >= target.minimumPrice && values.offeredPrice <= target.maximumPrice),
        () =>
          target.kind === 'service'
            ? m.server_requests_price_out_of_range({
                min: formatTaka(target.minimumPrice),
                max: formatTaka(target.maximumPrice),
              })
            : '',
      ),
      ['offeredPrice'],
    ),
  );
}

/**
 * The sheet that asks for a job or a visit (issue 41, point 1): a date from today to 60 days ahead by Dhaka's
 * calendar, a time of day, for a service one of its areas and a price within its range if one likes, and a note.
 * It goes through the outbox like every post: online it is sent at once and the answer shown; offline it waits on the
 * phone, shows in My requests as waiting, and is sent once when the connection returns (its Idempotency-Key is the
 * item's own). An unverified account is told how to verify first.
 */
export function RequestSheet({
  target,
  selfId,
  onClose,
  now = new Date(),
}: {
  target: RequestTarget;
  selfId: string;
  onClose: () => void;
  now?: Date;
}) {
  const locale = getLocale();
  const today = dhakaDate(now);
  const form = useForm<RequestFormFields, unknown, NewRequestValues>({
    resolver: valibotResolver(requestFormSchema(target, now)),
    defaultValues: {
      date: '',
      timeOfDay: '',
      placeId: target.kind === 'service' && target.places.length === 1 ? (target.places[0]?.id ?? '') : '',
      note: '',
      offeredPrice: '',
    },
  });
  const verification = useEmailVerification(selfId);
  const post = useOutboxPost('request', { ownerId: selfId });
  const [problem, setProblem] = useState<string>();
  const [sent, setSent] = useState<{ message: string; queued: boolean }>();
  const service = target.kind === 'service' ? target : undefined;
  const title = service ? m.requests_ask_service() : m.requests_ask_visit();
  const timeLabels = Object.fromEntries(TIMES_OF_DAY.map((time) => [time, timeOfDayLabel(time)])) as Record<
    TimeOfDay,
    string
  >;

  const onSubmit = async (values: NewRequestValues) => {
    setProblem(undefined);
    const outcome = await post.submit({
      label: requestItemLabel(values.kind, values.date),
      payload: values,
      notSavedMessage: m.requests_not_saved(),
    });
    if (outcome.type === 'sent') {
      const message = outcome.result.message || m.server_requests_sent();
      showToast(message, 'success');
      setSent({ message, queued: false });
    } else if (outcome.type === 'queued') {
      showToast(outcome.message, 'info');
      setSent({ message: outcome.message, queued: true });
    } else {
      // A refusal in the server's words (an unproven account's 403 among them: the notice above says how to verify).
      setProblem(outcome.message);
    }
  };

  if (sent !== undefined) {
    return (
      <Dialog open onClose={onClose} title={title}>
        <div className="request-sheet">
          <div className={`notice ${sent.queued ? 'notice--info' : 'notice--success'}`} role="status">
            <p>
              <strong>{sent.message}</strong>
            </p>
            <p>{sent.queued ? m.requests_queued_next() : m.requests_sent_next()}</p>
          </div>
          <div className="request-sheet__actions">
            <ButtonLink to="/main/requests">{m.requests_title()}</ButtonLink>
            <Button variant="secondary" onClick={onClose}>
              {m.requests_close()}
            </Button>
          </div>
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog
      open
      onClose={onClose}
      title={title}
      subtitle={service ? m.requests_sheet_intro_service() : m.requests_sheet_intro_visit()}
    >
      {verification === 'unverified' ? <VerifyEmailNotice userId={selfId} toDo={m.requests_to_do_ask()} /> : null}
      <Form form={form} className="request-sheet" onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <TextField
          name="date"
          type="date"
          label={m.requests_date_label()}
          min={today}
          max={addDays(today, REQUEST_DAYS_AHEAD)}
          required
        />
        <ChoicesField
          name="timeOfDay"
          type="radio"
          legend={m.requests_time_label()}
          values={TIMES_OF_DAY}
          labels={timeLabels}
          layout="choices__row"
        />
        {service && service.places.length > 0 ? (
          <SelectField name="placeId" label={m.requests_place_label()} required>
            <option value="">{m.requests_place_choose()}</option>
            {service.places.map((place) => (
              <option key={place.id} value={place.id}>
                {placeLine(place, locale)}
              </option>
            ))}
          </SelectField>
        ) : null}
        <TextAreaField
          name="note"
          label={m.requests_note_label()}
          placeholder={service ? m.requests_note_placeholder_service() : m.requests_note_placeholder_visit()}
          maxLength={REQUEST_NOTE_MAX_LENGTH}
          rows={3}
          required
        />
        {service ? (
          <AmountField
            name="offeredPrice"
            label={m.requests_price_label({
              min: formatTaka(service.minimumPrice),
              max: formatTaka(service.maximumPrice),
            })}
          />
        ) : null}
        {problem ? (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="request-sheet__actions">
          <Button type="submit" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? m.requests_sending() : m.requests_send()}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {m.requests_cancel_sheet()}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
