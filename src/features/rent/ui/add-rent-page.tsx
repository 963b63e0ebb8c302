import { valibotResolver } from '@hookform/resolvers/valibot';
import { useCallback, useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ADD_RENT_ERROR_TOAST_MS,
  DETAILS_MIN_LENGTH,
  REDIRECT_AFTER_RENT_POST_MS,
  RENT_CATEGORIES,
  RENT_IMAGE_FIELDS_INITIAL,
  RENT_IMAGES_MAX,
  RENT_PAYMENT_FREQUENCIES,
  rentCategoryName,
  rentFrequencyLabel,
  type RentPost,
} from '@/domain/rent-post';
import {
  EMPTY_RENT_POST_FORM,
  localTodayIso,
  rentEditFormSchema,
  rentPostFormSchema,
  type RentPostFormInput,
  type RentPostFormValues,
} from '@/domain/rent-post-form';
import { photoToSend, photoTypeProblem, RENT_PHOTO_RULE, type PhotoRule } from '@/domain/image-file';
import { photoUploadText, type PhotoUploadProgress } from '@/domain/upload-progress';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { createDraftSignals } from '@/lib/drafts/draft-signals';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { useSelfId } from '@/lib/signed-in';
import { useEmailVerification } from '@/lib/use-email-verification';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/button';
import { CityAndPostalCodeFields } from '@/ui/address-fields';
import { DatePickerField } from '@/ui/date-picker';
import { FieldError, SelectOptions } from '@/ui/field';
import { PhotoPicker } from '@/ui/photo-picker';
import { PlaceField } from '@/ui/places/place-fields';
import { Form, SelectField, TextAreaField, TextField } from '@/ui/form-field';
import { FormDraftSlot } from '@/ui/form-draft-slot';
import { AmountField, PhoneField } from '@/ui/number-fields';
import { showToast } from '@/ui/toast/toast-atoms';
import { VerifyEmailNotice } from '@/ui/verify-email-notice';
import { rentAdLabel, rentEditLabel, sameRentAd } from '../api/rent-labels';
import { compressRentPhoto } from './compress-rent-photo';
import { useSharedPhotos } from './use-shared-photos';
import './rent.css';

interface ImageSlot {
  key: number;
  file?: File;
  preview?: string;
  error?: string;
  /** A photo the edited ad already shows (its URL), kept unless removed. */
  kept?: string;
}

type Phase =
  | { name: 'idle' }
  | { name: 'compressing' }
  | { name: 'uploading'; percent: number; photos?: PhotoUploadProgress | undefined }
  | { name: 'saving' };

let nextSlotKey = 1;
const newSlot = (): ImageSlot => ({ key: nextSlotKey++ });

/** The rent photo rule with its refusals in the page's language, read when a photo is judged. */
function rentPhotoRule(): PhotoRule {
  return { ...RENT_PHOTO_RULE, invalidType: m.rent_invalid_image_file(), tooLarge: m.rent_image_too_large() };
}

const localNumber = (value: number) => localDigits(String(value), getLocale());

/** The ad as the edit page opens it (../ui/edit-rent-page.tsx): its fields and photos, without its poster. */
export type EditedRentAd = Omit<RentPost, 'user'>;

/**
 * The form's values for an ad's stored fields (the ad being edited, or one held in the outbox): the rent, the phone
 * number and the postal code in the page's digits (issue 39), which the form reads back as the numbers they are.
 */
function formInputOf(
  fields: Omit<RentPostFormValues, 'placeId'> & { placeId?: string | null | undefined },
): RentPostFormInput {
  const { category, rentPaymentFrequency, rentStartDate, contactInfo, addressLine, city, postalCode, details } = fields;
  const locale = getLocale();
  return {
    ...{ category, rentPaymentFrequency, rentStartDate, addressLine, city, details },
    cost: localDigits(String(fields.cost), locale),
    contactInfo: localDigits(contactInfo, locale),
    postalCode: localDigits(postalCode, locale),
    placeId: fields.placeId ?? '',
  };
}

/** The photo fields of an ad being edited: its photos (previewed by their card thumbnails), then empty ones. */
function keptSlots(urls: readonly string[], thumbnails: readonly (string | undefined)[]): ImageSlot[] {
  const kept = urls.map((url, index) => ({ ...newSlot(), kept: url, preview: thumbnails[index] ?? url }));
  return [...kept, ...Array.from({ length: Math.max(0, RENT_IMAGE_FIELDS_INITIAL - kept.length) }, newSlot)];
}

/**
 * /main/add-rent: the ad's fields and up to five photos, compressed here and uploaded with progress (2.8, 5.2).
 * With `editing` it is the edit page's form (issue 21): the ad's values and photos, sent as an edit of that ad
 * through the outbox (a newer edit of it replaces a waiting one).
 */
export function AddRentPage({ editing }: { editing?: EditedRentAd | undefined } = {}) {
  const navigate = useNavigate();
  const selfId = useSelfId();
  const unverified = useEmailVerification(selfId) === 'unverified';
  const [slots, setSlots] = useState<ImageSlot[]>(() =>
    editing
      ? keptSlots(editing.imageUrls, editing.thumbnailUrls)
      : Array.from({ length: RENT_IMAGE_FIELDS_INITIAL }, newSlot),
  );
  const [imagesError, setImagesError] = useState<string>();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [failure, setFailure] = useState<string>();
  const [succeeded, setSucceeded] = useState<string>();
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useForm<RentPostFormInput, unknown, RentPostFormValues>({
    resolver: valibotResolver(editing ? rentEditFormSchema(editing.rentStartDate) : rentPostFormSchema),
    defaultValues: editing ? formInputOf(editing) : EMPTY_RENT_POST_FORM,
  });
  const { handleSubmit, reset } = form;

  const previews = useRef(new Set<string>());
  // Edit from the outbox (/main/add-rent?outbox=<id>): a refused ad comes back into the form, photos and all.
  const [searchParams] = useSearchParams();
  const editingId = Number(searchParams.get('outbox')) || undefined;
  // Photos kept on the phone (a post in the outbox, a draft) back in the form's fields.
  const photoSlotsOf = useCallback((files: readonly Blob[]) => {
    const restored = files.map((blob, index) => {
      const file = blob instanceof File ? blob : new File([blob], `photo-${index + 1}.jpg`, { type: blob.type });
      const preview = URL.createObjectURL(file);
      previews.current.add(preview);
      return { ...newSlot(), file, preview };
    });
    const empty = Math.max(0, RENT_IMAGE_FIELDS_INITIAL - restored.length);
    return [...restored, ...Array.from({ length: empty }, newSlot)];
  }, []);
  const restore = useCallback(
    (held: OutboxItem<'rent-ad'>) => {
      reset(formInputOf(held.payload.fields));
      setSlots(photoSlotsOf(held.files));
    },
    [reset, photoSlotsOf],
  );
  const post = useOutboxPost('rent-ad', { ownerId: selfId, heldId: editing ? undefined : editingId, onHeld: restore });
  // An edit of this ad still on this phone (offline, or refused) is newer than the ad shown: the form opens with it.
  const thisAd = useMemo(() => (editing ? sameRentAd(editing._id) : undefined), [editing]);
  const restoreEdit = useCallback(
    (held: OutboxItem<'rent-edit'>) => {
      const { fields, keptImageUrls } = held.payload;
      reset(formInputOf(fields));
      const thumbnails = keptImageUrls.map((url) => editing?.thumbnailUrls[editing.imageUrls.indexOf(url)]);
      const restored = held.files.map((blob, index) => {
        const file = blob instanceof File ? blob : new File([blob], `photo-${index + 1}.jpg`, { type: blob.type });
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        return { ...newSlot(), file, preview };
      });
      const kept = keptSlots(keptImageUrls, thumbnails).filter((slot) => slot.kept);
      const empty = Math.max(0, RENT_IMAGE_FIELDS_INITIAL - kept.length - restored.length);
      setSlots([...kept, ...restored, ...Array.from({ length: empty }, newSlot)]);
    },
    [reset, editing],
  );
  const edit = useOutboxPost('rent-edit', {
    ownerId: selfId,
    heldId: editing ? editingId : undefined,
    sameRecord: thisAd,
    onHeld: restoreEdit,
  });
  // A new ad is kept on the phone as it is typed, photos included, and offered back when the form opens again; an
  // edit is not (the ad, or the outbox, holds it). Leaving with changes asks first, for both.
  const [draftSignals] = useState(createDraftSignals);
  const changed = draftSignals.changed;
  useEffect(() => {
    // A field the person changed has a name; a reset (a draft or a held post filling the form) has none.
    return form.subscribe({
      formState: { values: true },
      callback: ({ name }) => {
        if (name !== undefined) changed();
      },
    });
  }, [form, changed]);
  const continueDraft = ({ values, photos }: { values: RentPostFormInput; photos: Blob[] }) => {
    reset(values);
    setSlots(photoSlotsOf(photos));
  };

  // Photos shared into Basha from the gallery (the manifest's share_target) start the ad.
  const addShared = useCallback(
    (files: File[]) => {
      const shared = files.slice(0, RENT_IMAGES_MAX).map((file) => {
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        return { ...newSlot(), file, preview };
      });
      const empty = Math.max(0, RENT_IMAGE_FIELDS_INITIAL - shared.length);
      setSlots([...shared, ...Array.from({ length: empty }, newSlot)]);
      changed();
    },
    [changed],
  );
  useSharedPhotos(addShared);

  useEffect(() => {
    const urls = previews.current;
    return () => {
      clearTimeout(redirect.current);
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const chosen = slots.flatMap((slot) => (slot.file || slot.kept ? [slot] : []));
  const busy = phase.name !== 'idle' || succeeded !== undefined;
  const addDisabled =
    busy || slots.length >= RENT_IMAGES_MAX || (slots.length === RENT_IMAGE_FIELDS_INITIAL && chosen.length < 3);

  const onPick = (key: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Only the type here: the 5 MB rule applies to the photo as it will be sent, after shrinking (issue 24).
    const problem = file ? photoTypeProblem(file, rentPhotoRule()) : undefined;
    if (problem) event.target.value = '';
    const preview = file && !problem ? URL.createObjectURL(file) : undefined;
    if (preview) previews.current.add(preview);
    setSlots((current) =>
      current.map((slot) => {
        if (slot.key !== key) return slot;
        if (slot.preview && !slot.kept) URL.revokeObjectURL(slot.preview);
        // A photo picked over a kept one replaces it; a refused pick leaves the kept one as it was.
        if (problem && slot.kept) return { ...slot, error: problem };
        return { key, ...(preview && file ? { file, preview } : {}), ...(problem ? { error: problem } : {}) };
      }),
    );
    if (file && !problem) {
      setImagesError(undefined);
      changed();
    }
  };

  const removeSlot = (key: number) => {
    setSlots((current) => {
      const slot = current.find((item) => item.key === key);
      if (slot?.preview && !slot.kept) URL.revokeObjectURL(slot.preview);
      return current.filter((item) => item.key !== key);
    });
    changed();
  };

  const onValid = async (values: RentPostFormValues) => {
    if (chosen.length === 0) {
      setImagesError(m.rent_images_required());
      return;
    }
    setFailure(undefined);
    let photos: Blob[];
    try {
      setPhase({ name: 'compressing' });
      // A camera photo of 9 MB shrinks to about 1 MB: the 5 MB rule is checked on what will be sent, and only a
      // photo that stays over it is refused, at its own field with the spec's words.
      const picked = slots.filter((slot) => slot.file);
      const rule = rentPhotoRule();
      const prepared = await Promise.all(picked.map((slot) => photoToSend(slot.file!, compressRentPhoto, rule)));
      const refused = new Map(picked.map((slot, index) => [slot.key, prepared[index]!.problem] as const));
      if ([...refused.values()].some(Boolean)) {
        setSlots((current) =>
          current.map((slot) => {
            const problem = refused.get(slot.key);
            if (!problem) return slot;
            if (slot.preview && !slot.kept) URL.revokeObjectURL(slot.preview);
            // A new key empties the field's file input, as a refusal at pick time does.
            return { ...newSlot(), error: problem };
          }),
        );
        setPhase({ name: 'idle' });
        return;
      }
      photos = prepared.flatMap((result) => (result.photo ? [result.photo] : []));
    } catch (error) {
      console.error('The photos could not be prepared', error);
      fail(editing ? m.rent_edit_failed() : m.rent_post_failed());
      return;
    }
    if (editing) {
      await saveEdit(editing, values, photos);
      return;
    }
    // Every ad takes the outbox's path; online it is sent at once and the page reports as the spec says. The
    // edited ad replaces the refused one it came from.
    setPhase({ name: 'uploading', percent: 0 });
    const outcome = await post.submit({
      label: rentAdLabel(values),
      payload: { fields: values },
      files: photos,
      notSavedMessage: m.rent_post_failed(),
    });
    if (outcome.type === 'refused' || outcome.type === 'not-saved') {
      // The form still holds everything: the person fixes it here and publishes again.
      fail(outcome.message);
      return;
    }
    // Sent, or waiting in the outbox: the outbox holds the ad now, not the draft.
    draftSignals.handedOver();
    const message = outcome.type === 'sent' ? outcome.result.message || m.rent_posted() : outcome.message;
    setPhase({ name: 'idle' });
    setSucceeded(message);
    showToast(message, outcome.type === 'sent' ? 'success' : 'info');
    redirect.current = setTimeout(() => navigate('/main/rent'), REDIRECT_AFTER_RENT_POST_MS);
  };

  // An edit takes the outbox's path as a new ad does: online it is sent at once; offline it waits, said so here.
  const saveEdit = async (ad: EditedRentAd, values: RentPostFormValues, photos: Blob[]) => {
    setPhase({ name: 'uploading', percent: 0 });
    const outcome = await edit.submit({
      label: rentEditLabel(values),
      payload: {
        postId: ad._id,
        fields: values,
        keptStartDate: ad.rentStartDate,
        keptImageUrls: slots.flatMap((slot) => (slot.kept && !slot.file ? [slot.kept] : [])),
      },
      files: photos,
      notSavedMessage: m.rent_edit_failed(),
    });
    if (outcome.type === 'refused' || outcome.type === 'not-saved') {
      fail(outcome.message);
      return;
    }
    draftSignals.handedOver();
    setPhase({ name: 'idle' });
    if (outcome.type === 'sent') {
      const message = outcome.result.message || m.rent_edit_saved();
      setSucceeded(message);
      showToast(message, 'success');
      redirect.current = setTimeout(() => navigate(`/main/view-rent/${ad._id}`), REDIRECT_AFTER_RENT_POST_MS);
    } else {
      showToast(outcome.message, 'info');
    }
  };

  const fail = (message: string) => {
    setPhase({ name: 'idle' });
    setFailure(message);
    showToast(message, 'error', ADD_RENT_ERROR_TOAST_MS);
  };

  const onInvalid = () => {
    if (chosen.length === 0) setImagesError(m.rent_images_required());
  };

  return (
    <section className="rent-page add-rent">
      <header className="add-rent__header">
        <h1>{editing ? m.rent_edit_title() : m.rent_add_new_rental()}</h1>
        <p className="rent-page__lead">{editing ? m.rent_edit_lead() : m.rent_add_lead()}</p>
      </header>
      <FormDraftSlot
        form="rent-ad"
        ownerId={selfId}
        keep={!editing && editingId === undefined}
        blank={EMPTY_RENT_POST_FORM}
        read={() => ({ values: form.getValues(), photos: slots.flatMap((slot) => (slot.file ? [slot.file] : [])) })}
        signals={draftSignals}
        onContinue={continueDraft}
      />
      {editing && edit.notice ? (
        <p className={`notice notice--${edit.notice.tone}`} role="status" data-testid="rent-edit-waiting">
          {edit.notice.message}
        </p>
      ) : null}
      {unverified ? <VerifyEmailNotice userId={selfId} toDo={m.rent_add_verify_to_do()} /> : null}
      <Form
        form={form}
        className="add-rent__form card"
        noValidate
        onSubmit={(event) => void handleSubmit(onValid, onInvalid)(event)}
      >
        <fieldset
          className={unverified ? 'add-rent__fieldset add-rent__fieldset--locked' : 'add-rent__fieldset'}
          disabled={busy || unverified}
        >
          <div className="form-grid">
            <SelectField name="category" label={m.rent_field_category()}>
              <option value="">{m.rent_select_category()}</option>
              <SelectOptions values={RENT_CATEGORIES} labels={rentCategoryName} />
            </SelectField>
            {/* Text, not type="number": a number input refuses Bangla digits and commas, and ১৮,০০০ is a rent of 18000. */}
            <AmountField name="cost" label={m.rent_field_cost()} />
            <SelectField name="rentPaymentFrequency" label={m.rent_field_frequency()}>
              <option value="">{m.rent_select_frequency()}</option>
              <SelectOptions values={RENT_PAYMENT_FREQUENCIES} labels={rentFrequencyLabel} />
            </SelectField>
            {/* Basha's calendar, not type="date": the browser's shows mm/dd/yyyy in its own language. */}
            <DatePickerField name="rentStartDate" label={m.rent_field_start_date()} min={localTodayIso()} />
            <PhoneField name="contactInfo" label={m.rent_field_contact()} placeholder={m.rent_contact_placeholder()} />
            <TextField
              name="addressLine"
              label={m.rent_field_address()}
              autoComplete="street-address"
              placeholder={m.rent_address_placeholder()}
            />
            <CityAndPostalCodeFields />
          </div>
          <PlaceField name="placeId" />
          <TextAreaField
            name="details"
            label={m.rent_field_details()}
            rows={5}
            placeholder={m.rent_details_placeholder({ min: localNumber(DETAILS_MIN_LENGTH) })}
          />

          <fieldset className="add-rent__images" aria-describedby="rent-images-hint">
            <legend className="field__label">{m.rent_field_images()}</legend>
            <p className="field__hint" id="rent-images-hint">
              {m.rent_images_hint({ max: localNumber(RENT_IMAGES_MAX) })}
            </p>
            <ul className="add-rent__slots">
              {slots.map((slot, index) => (
                <li key={slot.key} className="add-rent__slot">
                  <PhotoPicker
                    label={m.rent_image_field({ number: localNumber(index + 1) })}
                    accept="image/jpeg,image/png,image/webp"
                    className="add-rent__pick"
                    aria-invalid={slot.error ? true : undefined}
                    aria-describedby={slot.error ? `rent-image-${slot.key}-error` : undefined}
                    onChange={onPick(slot.key)}
                  >
                    {slot.preview ? (
                      <img
                        src={slot.preview}
                        alt={m.rent_image_preview({ number: localNumber(index + 1) })}
                        className="add-rent__preview"
                      />
                    ) : (
                      <span className="add-rent__placeholder" aria-hidden="true">
                        +
                      </span>
                    )}
                    <span className="add-rent__pick-label">
                      {m.rent_image_field({ number: localNumber(index + 1) })}
                    </span>
                  </PhotoPicker>
                  <FieldError id={`rent-image-${slot.key}`} message={slot.error} />
                  {index >= RENT_IMAGE_FIELDS_INITIAL || slot.kept ? (
                    <Button variant="ghost" className="add-rent__remove" onClick={() => removeSlot(slot.key)}>
                      {m.rent_remove_image()}
                    </Button>
                  ) : null}
                </li>
              ))}
            </ul>
            <Button
              variant="secondary"
              onClick={() => setSlots((current) => [...current, newSlot()])}
              disabled={addDisabled}
            >
              {m.rent_add_another_image()}
            </Button>
            <FieldError id="rent-images" message={imagesError} />
          </fieldset>
        </fieldset>

        {phase.name !== 'idle' ? (
          <PublishProgress
            phase={
              phase.name === 'uploading' && (editing ? edit : post).progress
                ? {
                    name: 'uploading',
                    percent: Math.round(((editing ? edit : post).progress?.fraction ?? 0) * 100),
                    photos: (editing ? edit : post).progress?.photos,
                  }
                : phase
            }
          />
        ) : null}
        {failure ? (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        ) : null}
        {succeeded ? (
          <p className="notice notice--success" role="status">
            {succeeded} {editing ? m.rent_edit_taking_you_to_ad() : m.rent_taking_you_to_rentals()}
          </p>
        ) : null}
        <Button type="submit" block disabled={busy}>
          {editing
            ? busy && !succeeded
              ? m.rent_edit_saving()
              : m.rent_edit_save()
            : busy && !succeeded
              ? m.rent_publishing()
              : m.rent_publish()}
        </Button>
      </Form>
    </section>
  );
}

function PublishProgress({ phase }: { phase: Exclude<Phase, { name: 'idle' }> }) {
  const online = useOnline();
  const percent = phase.name === 'uploading' ? phase.percent : phase.name === 'saving' ? 100 : 0;
  const label =
    phase.name === 'compressing'
      ? m.rent_optimizing_photos()
      : phase.name === 'uploading'
        ? phase.photos
          ? photoUploadText(phase.photos, online)
          : m.rent_uploading_photos({ percent: localNumber(phase.percent) })
        : m.rent_saving_listing();
  return (
    <div className="add-rent__progress" role="status">
      <span>{label}</span>
      <progress max={100} value={percent} aria-label={m.rent_upload_progress()} />
    </div>
  );
}
