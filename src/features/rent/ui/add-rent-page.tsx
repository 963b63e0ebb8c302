import { valibotResolver } from '@hookform/resolvers/valibot';
import { useCallback, useEffect, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate, useSearchParams } from 'react-router-dom';
import {
  ADD_RENT_ERROR_TOAST_MS,
  IMAGES_REQUIRED,
  REDIRECT_AFTER_RENT_POST_MS,
  RENT_CATEGORIES,
  RENT_IMAGE_FIELDS_INITIAL,
  RENT_IMAGES_MAX,
  RENT_PAYMENT_FREQUENCIES,
  rentCategoryLabel,
  rentFrequencyLabel,
} from '@/domain/rent-post';
import {
  EMPTY_RENT_POST_FORM,
  localTodayIso,
  rentPostFieldsSchema,
  type RentPostFormInput,
  type RentPostFormValues,
} from '@/domain/rent-post-form';
import { photoToSend, photoTypeProblem, RENT_PHOTO_RULE } from '@/domain/image-file';
import { photoUploadText, type PhotoUploadProgress } from '@/domain/upload-progress';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { useSelfId } from '@/lib/signed-in';
import { useEmailVerification } from '@/lib/use-email-verification';
import { Button } from '@/ui/button';
import { CityAndPostalCodeFields } from '@/ui/address-fields';
import { FieldError, SelectOptions } from '@/ui/field';
import { Form, SelectField, TextAreaField, TextField } from '@/ui/form-field';
import { showToast } from '@/ui/toast/toast-atoms';
import { VerifyEmailNotice } from '@/ui/verify-email-notice';
import { POST_FAILED_MESSAGE, rentAdLabel } from '../api/rent-post-writes';
import { compressRentPhoto } from './compress-rent-photo';
import './rent.css';

interface ImageSlot {
  key: number;
  file?: File;
  preview?: string;
  error?: string;
}

type Phase =
  | { name: 'idle' }
  | { name: 'compressing' }
  | { name: 'uploading'; percent: number; photos?: PhotoUploadProgress | undefined }
  | { name: 'saving' };

let nextSlotKey = 1;
const newSlot = (): ImageSlot => ({ key: nextSlotKey++ });

/** /main/add-rent: the ad's fields and up to five photos, compressed here and uploaded with progress (2.8, 5.2). */
export function AddRentPage() {
  const navigate = useNavigate();
  const selfId = useSelfId();
  const unverified = useEmailVerification(selfId) === 'unverified';
  const [slots, setSlots] = useState<ImageSlot[]>(() => Array.from({ length: RENT_IMAGE_FIELDS_INITIAL }, newSlot));
  const [imagesError, setImagesError] = useState<string>();
  const [phase, setPhase] = useState<Phase>({ name: 'idle' });
  const [failure, setFailure] = useState<string>();
  const [succeeded, setSucceeded] = useState<string>();
  const redirect = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const form = useForm<RentPostFormInput, unknown, RentPostFormValues>({
    resolver: valibotResolver(rentPostFieldsSchema),
    defaultValues: EMPTY_RENT_POST_FORM,
  });
  const { handleSubmit, reset } = form;

  const previews = useRef(new Set<string>());
  // Edit from the outbox (/main/add-rent?outbox=<id>): a refused ad comes back into the form, photos and all.
  const [searchParams] = useSearchParams();
  const editingId = Number(searchParams.get('outbox')) || undefined;
  const restore = useCallback(
    (held: OutboxItem<'rent-ad'>) => {
      const { fields } = held.payload;
      reset({ ...fields, cost: String(fields.cost) });
      const restored = held.files.map((blob, index) => {
        const file = blob instanceof File ? blob : new File([blob], `photo-${index + 1}.jpg`, { type: blob.type });
        const preview = URL.createObjectURL(file);
        previews.current.add(preview);
        return { ...newSlot(), file, preview };
      });
      const empty = Math.max(0, RENT_IMAGE_FIELDS_INITIAL - restored.length);
      setSlots([...restored, ...Array.from({ length: empty }, newSlot)]);
    },
    [reset],
  );
  const post = useOutboxPost('rent-ad', { ownerId: selfId, heldId: editingId, onHeld: restore });

  useEffect(() => {
    const urls = previews.current;
    return () => {
      clearTimeout(redirect.current);
      urls.forEach((url) => URL.revokeObjectURL(url));
    };
  }, []);

  const chosen = slots.flatMap((slot) => (slot.file ? [slot.file] : []));
  const busy = phase.name !== 'idle' || succeeded !== undefined;
  const addDisabled =
    busy || slots.length >= RENT_IMAGES_MAX || (slots.length === RENT_IMAGE_FIELDS_INITIAL && chosen.length < 3);

  const onPick = (key: number) => (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Only the type here: the 5 MB rule applies to the photo as it will be sent, after shrinking (issue 24).
    const problem = file ? photoTypeProblem(file, RENT_PHOTO_RULE) : undefined;
    if (problem) event.target.value = '';
    const preview = file && !problem ? URL.createObjectURL(file) : undefined;
    if (preview) previews.current.add(preview);
    setSlots((current) =>
      current.map((slot) => {
        if (slot.key !== key) return slot;
        if (slot.preview) URL.revokeObjectURL(slot.preview);
        return { key, ...(preview && file ? { file, preview } : {}), ...(problem ? { error: problem } : {}) };
      }),
    );
    if (file && !problem) setImagesError(undefined);
  };

  const removeSlot = (key: number) =>
    setSlots((current) => {
      const slot = current.find((item) => item.key === key);
      if (slot?.preview) URL.revokeObjectURL(slot.preview);
      return current.filter((item) => item.key !== key);
    });

  const onValid = async (values: RentPostFormValues) => {
    if (chosen.length === 0) {
      setImagesError(IMAGES_REQUIRED);
      return;
    }
    setFailure(undefined);
    let photos: Blob[];
    try {
      setPhase({ name: 'compressing' });
      // A camera photo of 9 MB shrinks to about 1 MB: the 5 MB rule is checked on what will be sent, and only a
      // photo that stays over it is refused, at its own field with the spec's words.
      const picked = slots.filter((slot) => slot.file);
      const prepared = await Promise.all(
        picked.map((slot) => photoToSend(slot.file!, compressRentPhoto, RENT_PHOTO_RULE)),
      );
      const refused = new Map(picked.map((slot, index) => [slot.key, prepared[index]!.problem] as const));
      if ([...refused.values()].some(Boolean)) {
        setSlots((current) =>
          current.map((slot) => {
            const problem = refused.get(slot.key);
            if (!problem) return slot;
            if (slot.preview) URL.revokeObjectURL(slot.preview);
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
      fail(POST_FAILED_MESSAGE);
      return;
    }
    // Every ad takes the outbox's path; online it is sent at once and the page reports as the spec says. The
    // edited ad replaces the refused one it came from.
    setPhase({ name: 'uploading', percent: 0 });
    const outcome = await post.submit({
      label: rentAdLabel(values),
      payload: { fields: values },
      files: photos,
      notSavedMessage: POST_FAILED_MESSAGE,
    });
    if (outcome.type === 'refused' || outcome.type === 'not-saved') {
      // The form still holds everything: the person fixes it here and publishes again.
      fail(outcome.message);
      return;
    }
    const message =
      outcome.type === 'sent' ? outcome.result.message || 'Property ad posted successfully!' : outcome.message;
    setPhase({ name: 'idle' });
    setSucceeded(message);
    showToast(message, outcome.type === 'sent' ? 'success' : 'info');
    redirect.current = setTimeout(() => navigate('/main/rent'), REDIRECT_AFTER_RENT_POST_MS);
  };

  const fail = (message: string) => {
    setPhase({ name: 'idle' });
    setFailure(message);
    showToast(message, 'error', ADD_RENT_ERROR_TOAST_MS);
  };

  const onInvalid = () => {
    if (chosen.length === 0) setImagesError(IMAGES_REQUIRED);
  };

  return (
    <section className="rent-page add-rent">
      <header className="add-rent__header">
        <h1>Add New Rental</h1>
        <p className="rent-page__lead">Tell people about your place. Every field is needed.</p>
      </header>
      {unverified ? <VerifyEmailNotice userId={selfId} toDo="post a rental ad" /> : null}
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
          <div className="add-rent__grid">
            <SelectField name="category" label="Property Category">
              <option value="">Select category</option>
              <SelectOptions values={RENT_CATEGORIES} labels={rentCategoryLabel} />
            </SelectField>
            <TextField name="cost" label="Rent Amount (BDT)" type="number" inputMode="numeric" min={1} step={1} />
            <SelectField name="rentPaymentFrequency" label="Payment Frequency">
              <option value="">Select frequency</option>
              <SelectOptions values={RENT_PAYMENT_FREQUENCIES} labels={rentFrequencyLabel} />
            </SelectField>
            <TextField name="rentStartDate" label="Rent Start Date" type="date" min={localTodayIso()} />
            <TextField
              name="contactInfo"
              label="Contact Number"
              type="tel"
              autoComplete="tel"
              placeholder="+880 1XXX-XXXXXX"
            />
            <TextField
              name="addressLine"
              label="Address"
              autoComplete="street-address"
              placeholder="House, road, area"
            />
            <CityAndPostalCodeFields />
          </div>
          <TextAreaField
            name="details"
            label="Property Details"
            rows={5}
            placeholder="Rooms, floor, facilities, who it suits (at least 30 characters)"
          />

          <fieldset className="add-rent__images" aria-describedby="rent-images-hint">
            <legend className="field__label">Property Images</legend>
            <p className="field__hint" id="rent-images-hint">
              You can add up to {RENT_IMAGES_MAX} images (JPEG, PNG or WebP). Large camera photos are shrunk to about 1
              MB before sending.
            </p>
            <ul className="add-rent__slots">
              {slots.map((slot, index) => (
                <li key={slot.key} className="add-rent__slot">
                  <label className="add-rent__pick">
                    {slot.preview ? (
                      <img src={slot.preview} alt={`Preview of image ${index + 1}`} className="add-rent__preview" />
                    ) : (
                      <span className="add-rent__placeholder" aria-hidden="true">
                        +
                      </span>
                    )}
                    <span className="add-rent__pick-label">Image {index + 1}</span>
                    <input
                      type="file"
                      aria-label={`Image ${index + 1}`}
                      accept="image/jpeg,image/png,image/webp"
                      className="add-rent__file"
                      onChange={onPick(slot.key)}
                    />
                  </label>
                  <FieldError id={`rent-image-${slot.key}`} message={slot.error} />
                  {index >= RENT_IMAGE_FIELDS_INITIAL ? (
                    <Button variant="ghost" className="add-rent__remove" onClick={() => removeSlot(slot.key)}>
                      Remove
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
              Add Another Image
            </Button>
            <FieldError id="rent-images" message={imagesError} />
          </fieldset>
        </fieldset>

        {phase.name !== 'idle' ? (
          <PublishProgress
            phase={
              phase.name === 'uploading' && post.progress
                ? { name: 'uploading', percent: Math.round(post.progress.fraction * 100), photos: post.progress.photos }
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
            {succeeded} Taking you to the rentals...
          </p>
        ) : null}
        <Button type="submit" block disabled={busy}>
          {busy && !succeeded ? 'Publishing...' : 'Publish Rental'}
        </Button>
      </Form>
    </section>
  );
}

function PublishProgress({ phase }: { phase: Exclude<Phase, { name: 'idle' }> }) {
  const percent = phase.name === 'uploading' ? phase.percent : phase.name === 'saving' ? 100 : 0;
  const label =
    phase.name === 'compressing'
      ? 'Optimizing photos...'
      : phase.name === 'uploading'
        ? phase.photos
          ? photoUploadText(phase.photos)
          : `Uploading photos... ${phase.percent}%`
        : 'Saving your listing...';
  return (
    <div className="add-rent__progress" role="status">
      <span>{label}</span>
      <progress max={100} value={percent} aria-label="Upload progress" />
    </div>
  );
}
