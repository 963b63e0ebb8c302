import { useEffect, useId, useMemo, useRef, type ChangeEvent, type ReactNode } from 'react';
import {
  availableTimeLabel,
  AVAILABLE_TIMES,
  COVER_IMAGE_MAX_BYTES,
  COVER_IMAGE_TYPES,
  coverImageSizeMessage,
  coverImageTypeMessage,
  WEEKDAYS,
  weekdayLabel,
  type AvailableTime,
  type Weekday,
} from '@/domain/service';
import { COVER_PHOTO_SIZE } from '@/domain/photo-sizes';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { compressPhoto } from '@/lib/photo-compression/compress-photo';
import { Button } from '@/ui/button';
import { FieldFrame } from '@/ui/field';
import { ChoicesField, TextAreaField } from '@/ui/form-field';
import { AmountField } from '@/ui/number-fields';
import { PhotoPicker } from '@/ui/photo-picker';
import { PlacesField } from '@/ui/places/place-fields';
import { SERVICE_PLACES_MAX } from '@/domain/places/place-rules';

/** Pieces shared by the offer-service and edit-service forms, which give them their form (`Form`). */

/**
 * The fields of an offer below its contact details, the same when offering and editing: the areas served (places
 * of the tree, whose English names the server gives as the service's `serviceArea`), the cover (the page keeps the
 * chosen file), description, prices, days and time.
 * `placesMinimum`: 1 when editing a service that has places (they can be changed, not all taken away).
 */
export function ServiceOfferFields({ cover, placesMinimum = 0 }: { cover: ReactNode; placesMinimum?: number }) {
  return (
    <>
      <PlacesField name="servicePlaceIds" max={SERVICE_PLACES_MAX} minimum={placesMinimum} />
      {cover}
      <DescriptionField />
      <PriceRangeFields />
      <DaysField />
      <TimeField />
    </>
  );
}

/** The message for a cover file the form must refuse, or undefined. */
export function coverImageProblem(file: { type: string; size: number }): string | undefined {
  if (!(COVER_IMAGE_TYPES as readonly string[]).includes(file.type)) return coverImageTypeMessage();
  if (file.size > COVER_IMAGE_MAX_BYTES) return coverImageSizeMessage();
  return undefined;
}

function DaysField() {
  const labels = Object.fromEntries(WEEKDAYS.map((day) => [day, weekdayLabel(day)])) as Record<Weekday, string>;
  return (
    <ChoicesField
      name="availableDays"
      type="checkbox"
      legend={m.services_available_days_legend()}
      values={WEEKDAYS}
      labels={labels}
      layout="choices__grid"
    />
  );
}

function TimeField() {
  const labels = Object.fromEntries(AVAILABLE_TIMES.map((time) => [time, availableTimeLabel(time)])) as Record<
    AvailableTime,
    string
  >;
  return (
    <ChoicesField
      name="availableTime"
      type="radio"
      legend={m.services_available_time_legend()}
      values={AVAILABLE_TIMES}
      labels={labels}
      layout="choices__row"
    />
  );
}

function DescriptionField() {
  // The plain control class (no multiline line-height): the box keeps the size it has always had.
  return (
    <TextAreaField
      name="description"
      label={m.services_description()}
      id="service-description"
      className="field__control"
      rows={5}
      placeholder={m.services_description_placeholder()}
    />
  );
}

interface CoverProps {
  /** A newly chosen file, if any. */
  file: File | undefined;
  /** The cover already stored, shown until replaced or removed. */
  existingUrl?: string | undefined;
  error: string | undefined;
  onFile: (file: File | undefined, error: string | undefined) => void;
  onRemoveExisting?: () => void;
}

export function CoverImageField({ file, existingUrl, error, onFile, onRemoveExisting }: CoverProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const preview = useMemo(() => (file ? URL.createObjectURL(file) : undefined), [file]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  // A file input keeps showing its file until told otherwise: when the form drops the file (Remove image, a
  // reset), the input must forget it too, or it names a cover that will not be sent.
  useEffect(() => {
    if (!file && input.current) input.current.value = '';
  }, [file]);
  const shown = preview ?? existingUrl;

  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target;
    const chosen = field.files?.[0];
    if (!chosen) return onFile(undefined, undefined);
    // The kind first (shrinking cannot make it acceptable); the size is judged on the cover as it will be sent, shrunk
    // on the phone (in a worker) to what the server keeps, unless the original is smaller still.
    const wrongKind = coverImageProblem({ type: chosen.type, size: 0 });
    const shrunk = wrongKind ? undefined : await compressPhoto(chosen, COVER_PHOTO_SIZE).catch(() => undefined);
    const cover = shrunk && shrunk.size < chosen.size ? shrunk : chosen;
    const problem = wrongKind ?? coverImageProblem(cover);
    if (problem) {
      field.value = '';
      return onFile(undefined, problem);
    }
    onFile(cover, undefined);
  };

  return (
    <FieldFrame
      label={m.services_cover_image()}
      optional
      hint={m.services_cover_hint()}
      error={error}
      id={id}
      className="cover-field"
    >
      {(aria) => (
        <>
          {shown ? (
            <div className="cover-field__preview">
              <img src={shown} alt={m.services_cover_preview_alt()} />
              <Button
                variant="secondary"
                onClick={() => {
                  if (preview) onFile(undefined, undefined);
                  else onRemoveExisting?.();
                }}
              >
                {m.services_remove_image()}
              </Button>
            </div>
          ) : null}
          <PhotoPicker
            ref={input}
            label={m.services_cover_image()}
            accept={COVER_IMAGE_TYPES.join(',')}
            chosen={file ? [file.name] : []}
            {...aria}
            onChange={(event) => void onChange(event)}
          />
        </>
      )}
    </FieldFrame>
  );
}

/**
 * An offer's stored numbers (its contact number and prices) as the form shows them: in the page's digits (issue 39),
 * which the form reads back as the numbers they are.
 */
export function inPageDigits<
  Values extends { contactNumber: string; minimumPrice: number | string; maximumPrice: number | string },
>(values: Values): Values {
  const locale = getLocale();
  return {
    ...values,
    contactNumber: localDigits(values.contactNumber, locale),
    minimumPrice: localDigits(String(values.minimumPrice), locale),
    maximumPrice: localDigits(String(values.maximumPrice), locale),
  };
}

const PRICE_FIELDS = [
  { name: 'minimumPrice', label: () => m.services_minimum_price() },
  { name: 'maximumPrice', label: () => m.services_maximum_price() },
] as const;

/**
 * Minimum and maximum price in whole taka, side by side on wide screens, typed as people type amounts ("১,২০০",
 * "Tk 1,200"): the line under each says what it reads as.
 */
function PriceRangeFields() {
  return (
    <div className="form-grid">
      {PRICE_FIELDS.map(({ name, label }) => (
        <AmountField key={name} name={name} label={label()} />
      ))}
    </div>
  );
}
