import { useEffect, useId, useMemo, useRef, type ChangeEvent } from 'react';
import type { UseFormRegisterReturn } from 'react-hook-form';
import {
  AVAILABLE_TIME_LABELS,
  AVAILABLE_TIMES,
  COVER_IMAGE_MAX_BYTES,
  COVER_IMAGE_SIZE_MESSAGE,
  COVER_IMAGE_TYPE_MESSAGE,
  COVER_IMAGE_TYPES,
  WEEKDAYS,
} from '@/domain/service';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/field';

/** Pieces shared by the offer-service and edit-service forms. */

/** The message for a cover file the form must refuse, or undefined. */
export function coverImageProblem(file: { type: string; size: number }): string | undefined {
  if (!(COVER_IMAGE_TYPES as readonly string[]).includes(file.type)) return COVER_IMAGE_TYPE_MESSAGE;
  if (file.size > COVER_IMAGE_MAX_BYTES) return COVER_IMAGE_SIZE_MESSAGE;
  return undefined;
}

interface AreasProps {
  areas: string[];
  onChange: (areas: string[]) => void;
  rowErrors: (string | undefined)[];
  groupError: string | undefined;
}

/**
 * Service areas as rows: Add Another Area appears once the first area is filled or when several rows exist;
 * a row can be removed while more than one remains.
 */
export function ServiceAreasField({ areas, onChange, rowErrors, groupError }: AreasProps) {
  const id = useId();
  const canAdd = (areas[0] ?? '').trim() !== '' || areas.length > 1;
  return (
    <fieldset className="areas" aria-describedby={groupError ? `${id}-error` : undefined}>
      <legend className="field__label">Service Areas</legend>
      {areas.map((area, index) => (
        <div className="areas__row" key={index}>
          <div className="field areas__input">
            <label className="visually-hidden" htmlFor={`${id}-${index}`}>
              Service area {index + 1}
            </label>
            <input
              id={`${id}-${index}`}
              className="field__control"
              value={area}
              placeholder={index === 0 ? 'e.g. Dhanmondi' : 'Another area'}
              aria-invalid={rowErrors[index] ? true : undefined}
              aria-describedby={rowErrors[index] ? `${id}-${index}-error` : undefined}
              onChange={(event) => onChange(areas.map((value, i) => (i === index ? event.target.value : value)))}
            />
            {rowErrors[index] ? (
              <p className="field__error" id={`${id}-${index}-error`} role="alert">
                {rowErrors[index]}
              </p>
            ) : null}
          </div>
          {areas.length > 1 ? (
            <Button
              variant="secondary"
              className="areas__remove"
              aria-label={`Remove service area ${index + 1}`}
              onClick={() => onChange(areas.filter((_, i) => i !== index))}
            >
              Remove
            </Button>
          ) : null}
        </div>
      ))}
      {canAdd ? (
        <Button variant="ghost" className="areas__add" onClick={() => onChange([...areas, ''])}>
          + Add Another Area
        </Button>
      ) : null}
      {groupError ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {groupError}
        </p>
      ) : null}
    </fieldset>
  );
}

export function DaysField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <fieldset className="choices">
      <legend className="field__label">Available Days</legend>
      <div className="choices__grid">
        {WEEKDAYS.map((day) => (
          <label key={day} className="choice">
            <input type="checkbox" value={day} {...registration} />
            <span>{day}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}

export function TimeField({
  registration,
  error,
}: {
  registration: UseFormRegisterReturn;
  error?: string | undefined;
}) {
  return (
    <fieldset className="choices">
      <legend className="field__label">Available Time</legend>
      <div className="choices__row">
        {AVAILABLE_TIMES.map((time) => (
          <label key={time} className="choice">
            <input type="radio" value={time} {...registration} />
            <span>{AVAILABLE_TIME_LABELS[time]}</span>
          </label>
        ))}
      </div>
      {error ? (
        <p className="field__error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
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

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0];
    if (!chosen) return onFile(undefined, undefined);
    const problem = coverImageProblem(chosen);
    if (problem) {
      event.target.value = '';
      return onFile(undefined, problem);
    }
    onFile(chosen, undefined);
  };

  return (
    <div className="field cover-field">
      <label className="field__label" htmlFor={id}>
        Cover Image<span className="field__optional"> (optional)</span>
      </label>
      {shown ? (
        <div className="cover-field__preview">
          <img src={shown} alt="Cover image preview" />
          <Button
            variant="secondary"
            onClick={() => {
              if (preview) onFile(undefined, undefined);
              else onRemoveExisting?.();
            }}
          >
            Remove image
          </Button>
        </div>
      ) : null}
      <input
        ref={input}
        id={id}
        type="file"
        accept={COVER_IMAGE_TYPES.join(',')}
        className="field__control cover-field__input"
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
        onChange={onChange}
      />
      <p className="field__hint" id={`${id}-hint`}>
        JPEG, PNG or GIF, up to 5 MB.
      </p>
      {error ? (
        <p className="field__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

interface PriceRangeProps {
  minimum: UseFormRegisterReturn;
  maximum: UseFormRegisterReturn;
  minimumError: string | undefined;
  maximumError: string | undefined;
}

/** Minimum and maximum price in whole taka, side by side on wide screens. */
export function PriceRangeFields({ minimum, maximum, minimumError, maximumError }: PriceRangeProps) {
  return (
    <div className="form-grid">
      <TextField
        label="Minimum Price (BDT)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={minimumError}
        {...minimum}
      />
      <TextField
        label="Maximum Price (BDT)"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        error={maximumError}
        {...maximum}
      />
    </div>
  );
}
