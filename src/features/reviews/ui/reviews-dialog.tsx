import { valibotResolver } from '@hookform/resolvers/valibot';
import { Controller, useForm, useWatch, type FieldErrors } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { reviewFormSchema, type ReviewFormInput, type ReviewFormValues } from '@/domain/review-form';
import { FEEDBACK_MAX_LENGTH, FEEDBACK_MIN_LENGTH, RATING_MAX } from '@/domain/service';
import { serviceCategoryName } from '@/domain/service-category';
import { averageRating, hiredFirst, hiredOnBashaCount } from '@/domain/service-rating';
import { genitive } from '@/i18n/case-endings';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { useOutboxItemsOf } from '@/lib/outbox/use-outbox-items';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { FieldError } from '@/ui/field';
import { HiredOnBashaBadge, HiredReviewsNote } from '@/ui/hired-on-basha';
import { Form, SelectField, TextAreaField } from '@/ui/form-field';
import type { ReviewableService, ReviewsDialogProps } from '@/ui/reviews-dialog-slot';
import { Stars } from '@/ui/stars';
import { ReportButton } from '@/ui/moderation-slots';
import { WaitingBadge } from '@/ui/waiting-badge';
import '@/ui/content.css';
import { dismissToast, showToast } from '@/ui/toast/toast-atoms';

/** A category's name and its genitive ("গৃহকর্মীর রিভিউ"), as the reviews' titles join it. */
const categoryForms = (category: string) => ({ category, categoryOf: genitive(category, getLocale()) });

/** A number in the digits of the page's language. */
const localNumber = (value: number | string) => localDigits(String(value), getLocale());

/**
 * The reviews dialog (accounts spec, section 2) with the feedback form of the shell spec (2.9, 5.4) as its
 * submit part. `feedback` mode (Leave A Review) puts the form first under "Share Your Feedback"; `reviews`
 * mode (See Reviews, rating buttons) lists a service's reviews first. Closing resets the form.
 */

export function ReviewsDialog(props: ReviewsDialogProps) {
  const single = props.services.length === 1 ? props.services[0] : undefined;
  const title =
    props.mode === 'feedback' || !single
      ? m.reviews_share_feedback()
      : m.reviews_of_category_title(categoryForms(serviceCategoryName(single.category)));
  return (
    <Dialog
      open={props.open}
      onClose={props.onClose}
      title={title}
      subtitle={props.mode === 'feedback' ? m.reviews_help_us() : undefined}
    >
      {/* Mounted only while open, so closing always starts the next opening from a clean form. */}
      {props.open ? <ReviewsDialogBody {...props} /> : null}
    </Dialog>
  );
}

function ReviewsDialogBody({
  mode,
  services,
  initialServiceId,
  initialReview,
  canReview,
  reviewBlocked,
  onSubmit,
  onClose,
  errorMessage,
}: ReviewsDialogProps) {
  const firstId = initialServiceId ?? (services.length === 1 ? services[0]?._id : undefined) ?? '';
  const reviewForm = useForm<ReviewFormInput, unknown, ReviewFormValues>({
    resolver: valibotResolver(reviewFormSchema),
    defaultValues: { serviceId: firstId, feedback: initialReview?.feedback ?? '', rating: initialReview?.rating },
  });
  const { control, handleSubmit, formState } = reviewForm;
  const selectedId = useWatch({ control, name: 'serviceId' });
  const listed = services.find((service) => service._id === (selectedId || firstId));
  const feedbackLength = useWatch({ control, name: 'feedback' })?.length ?? 0;

  const submit = async (values: ReviewFormValues) => {
    const pending = showToast(m.reviews_submitting_feedback(), 'info', 0);
    try {
      const outcome = await onSubmit(values);
      dismissToast(pending);
      if (outcome.type === 'sent') showToast(m.reviews_thank_you(), 'success');
      else showToast(outcome.message, outcome.type === 'queued' ? 'info' : 'error');
      // A refused review, or one the phone could not keep, stays in the form to fix or try again.
      if (outcome.type === 'sent' || outcome.type === 'queued') onClose();
    } catch (error) {
      dismissToast(pending);
      showToast(await errorMessage(error), 'error');
    }
  };
  const onInvalid = (found: FieldErrors<ReviewFormInput>) => {
    const message = found.serviceId?.message ?? found.rating?.message ?? found.feedback?.message;
    if (message) showToast(message, 'error');
  };

  const form =
    canReview && services.length > 0
      ? (reviewBlocked ?? (
          <Form form={reviewForm} className="review-form" onSubmit={handleSubmit(submit, onInvalid)} noValidate>
            {mode === 'reviews' ? (
              <div>
                <h3 className="review-form__title">{m.reviews_share_feedback()}</h3>
                <p className="review-form__subtitle">{m.reviews_help_us()}</p>
              </div>
            ) : null}
            <SelectField name="serviceId" label={m.reviews_service()}>
              <option value="">{m.reviews_select_service()}</option>
              {services.map((service) => (
                <option key={service._id} value={service._id}>
                  {serviceCategoryName(service.category)}
                </option>
              ))}
            </SelectField>
            <Controller
              control={control}
              name="rating"
              render={({ field }) => (
                <fieldset className="rating-input" aria-invalid={formState.errors.rating ? true : undefined}>
                  <legend className="field__label">{m.reviews_rating()}</legend>
                  <div className="rating-input__stars">
                    {Array.from({ length: RATING_MAX }, (_, index) => index + 1).map((value) => (
                      <label
                        key={value}
                        className={
                          field.value !== undefined && value <= field.value
                            ? 'rating-input__star rating-input__star--on'
                            : 'rating-input__star'
                        }
                      >
                        <input
                          type="radio"
                          name={field.name}
                          value={value}
                          checked={field.value === value}
                          onChange={() => field.onChange(value)}
                          onBlur={field.onBlur}
                        />
                        <span aria-hidden="true">★</span>
                        <span className="visually-hidden">{m.reviews_stars({ count: localNumber(value) })}</span>
                      </label>
                    ))}
                  </div>
                  <FieldError id="review-rating" message={formState.errors.rating?.message} />
                </fieldset>
              )}
            />
            <TextAreaField
              name="feedback"
              label={m.reviews_feedback()}
              id="review-feedback"
              className="field__control"
              rows={4}
              maxLength={FEEDBACK_MAX_LENGTH + 50}
              hint={m.reviews_feedback_hint({
                length: localNumber(feedbackLength),
                max: localNumber(FEEDBACK_MAX_LENGTH),
                min: localNumber(FEEDBACK_MIN_LENGTH),
              })}
            />
            <Button type="submit" disabled={formState.isSubmitting} block>
              {formState.isSubmitting ? m.reviews_submitting() : m.reviews_submit_feedback()}
            </Button>
          </Form>
        ))
      : null;

  const list = <ReviewList service={listed} />;
  if (services.length === 0) {
    return <p className="text-muted">{m.reviews_no_profiles()}</p>;
  }
  return (
    <div className="reviews-dialog">
      {mode === 'feedback' ? (
        <>
          {form ?? <p className="text-muted">{m.reviews_not_own()}</p>}
          {list}
        </>
      ) : (
        <>
          {list}
          {form}
        </>
      )}
    </div>
  );
}

/** Reviews of this service made on this phone that have not reached the server yet (the outbox). */
function useWaitingReviews(serviceId: string | undefined) {
  const items = useOutboxItemsOf('review');
  return items.filter((item) => serviceId !== undefined && item.payload.serviceId === serviceId);
}

function ReviewList({ service }: { service: ReviewableService | undefined }) {
  const waiting = useWaitingReviews(service?._id);
  if (!service) return null;
  const average = averageRating(service.ratings);
  // The server lists them so already; a copy kept on the phone from before may not.
  const reviews = hiredFirst(service.ratings);
  return (
    <section
      className="review-list"
      aria-label={m.reviews_of_category(categoryForms(serviceCategoryName(service.category)))}
    >
      <p className="review-list__summary">
        {service.ratings.length > 0 ? (
          <>
            <Stars value={average} /> <strong>{m.reviews_average({ average: localNumber(average.toFixed(1)) })}</strong>{' '}
            {m.reviews_from_count({ count: localNumber(service.ratings.length) })}
          </>
        ) : (
          m.reviews_none_yet()
        )}
      </p>
      <HiredReviewsNote hired={hiredOnBashaCount(reviews)} count={reviews.length} />
      <ul className="review-list__items">
        {waiting.map((item) => (
          <li key={`waiting-${item.id}`} className="review-list__item review-list__item--waiting">
            <div className="review-list__head">
              <span>{m.reviews_your_review()}</span>
              <WaitingBadge status={item.status} />
            </div>
            <Stars
              value={item.payload.rating}
              label={m.reviews_out_of_five({ rating: localNumber(item.payload.rating) })}
            />
            <p>{item.payload.feedback}</p>
            {item.status === 'failed' && item.lastError ? <p className="field__error">{item.lastError}</p> : null}
          </li>
        ))}
        {reviews.map((review) => (
          <li key={review._id} className="review-list__item">
            <div className="review-list__head">
              <Link to={`/main/profile/${review.client._id}`}>{review.client.name}</Link>
              <Stars value={review.rating} label={m.reviews_out_of_five({ rating: localNumber(review.rating) })} />
            </div>
            {review.hiredOnBasha ? <HiredOnBashaBadge /> : null}
            <p>{review.feedback}</p>
            <ReportButton kind="review" targetId={review._id} ownerId={review.client._id} look="link" />
          </li>
        ))}
      </ul>
    </section>
  );
}
