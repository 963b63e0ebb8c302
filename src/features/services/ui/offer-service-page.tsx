import { valibotResolver } from '@hookform/resolvers/valibot';
import { useCallback, useEffect, useState } from 'react';
import { useForm, type DefaultValues } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { MAX_SERVICES_PER_USER, SERVICE_SAVED_TOAST_MS, serviceLimitMessage } from '@/domain/service';
import { SERVICE_CATEGORIES, serviceCategoryName } from '@/domain/service-category';
import { newServiceSchema, type NewServiceInput, type NewServiceValues } from '@/domain/service-form';
import { m } from '@/i18n/generated/messages.js';
import { createDraftSignals } from '@/lib/drafts/draft-signals';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { useSelfId } from '@/lib/signed-in';
import { useEmailVerification } from '@/lib/use-email-verification';
import { Button } from '@/ui/button';
import { SelectOptions } from '@/ui/field';
import { Form, SelectField, TextField } from '@/ui/form-field';
import { FormDraftSlot } from '@/ui/form-draft-slot';
import { PhoneField } from '@/ui/number-fields';
import { VerifyEmailNotice } from '@/ui/verify-email-notice';
import { Spinner } from '@/ui/spinner';
import { OnePhotoProgress } from '@/ui/upload-progress';
import { showToast } from '@/ui/toast/toast-atoms';
import { publishFailedMessage } from '../api/post-services';
import { useWaitingServiceOffers } from './pending-service-offers';
import { ProfessionList } from './profession-list';
import { CoverImageField, inPageDigits, ServiceOfferFields } from './service-form-parts';
import { useProviderServices } from './use-services';
import './services.css';
import './service-manage.css';

/**
 * /main/offer-service: one's current professions (with offers still waiting on this phone), then the Add New
 * Service form, or the limit notice: waiting offers count toward the two services.
 */
export function OfferServicePage() {
  const selfId = useSelfId();
  const verification = useEmailVerification(selfId);
  const professions = useProviderServices(selfId);
  const waiting = useWaitingServiceOffers();
  // Edit from the outbox (/main/offer-service?outbox=<id>): the refused offer comes back into the form. It is
  // about to be replaced, so it does not count toward the limit.
  const [searchParams, setSearchParams] = useSearchParams();
  const editingId = Number(searchParams.get('outbox')) || undefined;
  // Each offer queued offline gets a fresh form: remounting clears every field, the prices and the chosen
  // cover file included, as the rent form starts over after a post.
  const [formKey, setFormKey] = useState(0);
  const list = professions.value ?? [];
  const others = waiting.filter((item) => item.id !== editingId);
  const atLimit = list.length + others.length >= MAX_SERVICES_PER_USER;

  return (
    <div className="page services-page">
      <header className="page__header">
        <h1 className="page__title">{m.services_offer_title()}</h1>
        <p className="page__subtitle">{m.services_offer_subtitle()}</p>
      </header>
      <section className="card section-card" aria-labelledby="current-professions">
        <h2 id="current-professions" className="section-card__title">
          {m.services_current_professions()}
        </h2>
        {professions.loading ? (
          <Spinner label={m.services_loading_professions()} />
        ) : list.length === 0 && waiting.length === 0 ? (
          <div className="empty-note">
            <p className="empty-note__title">{m.services_no_profile_title()}</p>
            <p className="text-muted">{m.services_no_profile_hint()}</p>
          </div>
        ) : (
          <ProfessionList services={list} providerId={selfId} waiting={waiting} />
        )}
      </section>
      {professions.loading ? null : verification === 'unverified' ? (
        <VerifyEmailNotice userId={selfId} toDo={m.services_to_do_offer()} />
      ) : atLimit ? (
        <section className="card section-card limit-card" role="status">
          <h2 className="section-card__title">{m.services_limit_title()}</h2>
          <p>{serviceLimitMessage()}</p>
        </section>
      ) : (
        <OfferServiceForm
          key={formKey}
          selfId={selfId}
          editingId={editingId}
          onReplaced={() => setSearchParams({}, { replace: true })}
          onQueued={() => setFormKey((key) => key + 1)}
        />
      )}
    </div>
  );
}

const EMPTY_SERVICE_FORM: DefaultValues<NewServiceInput> = {
  category: '',
  contactNumber: '',
  addressLine: '',
  description: '',
  availableDays: [],
  availableTime: 'day',
};

/** Every field of the form as it starts, those it leaves unset included: what a draft fills it from. */
const SERVICE_DRAFT_BLANK = {
  ...EMPTY_SERVICE_FORM,
  minimumPrice: '',
  maximumPrice: '',
  servicePlaceIds: [] as string[],
};

const coverFile = (blob: Blob) => (blob instanceof File ? blob : new File([blob], 'cover.jpg', { type: blob.type }));

interface OfferServiceFormProps {
  selfId: string;
  /** The refused offer being fixed, from the outbox. */
  editingId?: number | undefined;
  /** The edited offer is queued and the refused one gone. */
  onReplaced: () => void;
  /** The offer waits in the outbox: the page starts a new, empty form. */
  onQueued: () => void;
}

function OfferServiceForm({ selfId, editingId, onReplaced, onQueued }: OfferServiceFormProps) {
  const navigate = useNavigate();
  const [cover, setCover] = useState<File>();
  const [coverError, setCoverError] = useState<string>();
  const [failure, setFailure] = useState<string>();
  const form = useForm<NewServiceInput, unknown, NewServiceValues>({
    resolver: valibotResolver(newServiceSchema),
    defaultValues: EMPTY_SERVICE_FORM,
  });
  const { handleSubmit, reset, formState } = form;

  const restore = useCallback(
    (held: OutboxItem<'service-offer'>) => {
      // An offer queued by an older version may hold typed areas: the form asks for places only, and sends none.
      const { serviceArea: _typed, ...values } = held.payload.values;
      reset(inPageDigits(values));
      const blob = held.files[0];
      setCover(blob && coverFile(blob));
      setCoverError(undefined);
    },
    [reset],
  );
  const post = useOutboxPost('service-offer', { ownerId: selfId, heldId: editingId, onHeld: restore });

  // A new offer is kept on the phone as it is typed, its cover included, and offered back when the form opens again
  // (one taken back from the outbox is held there). Leaving with changes asks first.
  const [draftSignals] = useState(createDraftSignals);
  const changed = draftSignals.changed;
  useEffect(() => {
    // A field the person changed has a name; a reset (a draft or a held offer filling the form) has none.
    return form.subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (name !== undefined) changed();
      },
    });
  }, [form, changed]);
  const continueDraft = ({ values, photos }: { values: typeof SERVICE_DRAFT_BLANK; photos: Blob[] }) => {
    reset(values);
    const blob = photos[0];
    setCover(blob && coverFile(blob));
    setCoverError(undefined);
  };

  const fail = (message: string) => {
    setFailure(message);
    showToast(message, 'error');
  };

  // Every offer takes the outbox's path; online it is sent at once and the page reports as the spec says.
  const onSubmit = async (values: NewServiceValues) => {
    setFailure(undefined);
    // The edited offer replaces the refused one it came from.
    const outcome = await post.submit({
      label: m.services_offer_label({ category: serviceCategoryName(values.category) }),
      payload: { userId: selfId, values },
      files: cover ? [cover] : [],
      notSavedMessage: publishFailedMessage(),
    });
    if (editingId && outcome.type !== 'not-saved') onReplaced();
    // Sent, or waiting in the outbox: the outbox holds the offer now, not the draft.
    if (outcome.type === 'sent' || outcome.type === 'queued') draftSignals.handedOver();
    if (outcome.type === 'refused' || outcome.type === 'not-saved') {
      // The form still holds everything: the person fixes it here and publishes again.
      fail(outcome.message);
    } else if (outcome.type === 'sent') {
      showToast(m.services_profile_created(), 'success', SERVICE_SAVED_TOAST_MS);
      navigate(`/main/prof-profile/${selfId}`);
    } else {
      // Saved on this phone: it shows among the current professions, marked as waiting.
      showToast(outcome.message, 'info');
      onQueued();
    }
  };

  return (
    <Form form={form} className="card section-card service-form" onSubmit={handleSubmit(onSubmit)} noValidate>
      <h2 className="section-card__title">{m.services_add_new()}</h2>
      <FormDraftSlot
        form="service-offer"
        ownerId={selfId}
        keep={editingId === undefined}
        blank={SERVICE_DRAFT_BLANK}
        read={() => ({ values: form.getValues(), photos: cover ? [cover] : [] })}
        signals={draftSignals}
        onContinue={continueDraft}
      />
      {failure ? (
        <p className="notice notice--error service-notice" role="alert">
          {failure}
        </p>
      ) : null}
      <div className="form-grid">
        <SelectField name="category" label={m.services_service_type()}>
          <option value="">{m.services_select_type()}</option>
          <SelectOptions values={SERVICE_CATEGORIES} labels={serviceCategoryName} />
        </SelectField>
        <PhoneField name="contactNumber" label={m.services_contact_number_field()} />
        <TextField
          name="addressLine"
          label={m.services_address_line()}
          autoComplete="street-address"
          fieldClassName="form-grid__wide"
        />
      </div>
      <ServiceOfferFields
        cover={
          <CoverImageField
            file={cover}
            error={coverError}
            onFile={(file, problem) => {
              setCover(file);
              setCoverError(problem);
              changed();
            }}
          />
        }
      />
      {cover ? <OnePhotoProgress kind="cover" progress={post.progress} /> : null}
      <Button type="submit" disabled={formState.isSubmitting} block>
        {formState.isSubmitting ? m.services_publishing() : m.services_publish()}
      </Button>
    </Form>
  );
}
