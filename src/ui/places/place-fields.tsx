import { useEffect, useId } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { FieldError } from '@/ui/field';
import { LazyPlacePicker, preloadPlacePicker } from './lazy-place-picker';
import { placeLabel } from './place-label';
import { usePlaceIndex } from './use-place-names';

/** The place fields of the forms (react-hook-form), around the lazily loaded picker. */

/** One area or upazila (a rent ad's place), as the form's `name` field. */
export function PlaceField({ name }: { name: string }) {
  const id = useId();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  useEffect(preloadPlacePicker, []);
  const value = typeof field.value === 'string' && field.value !== '' ? field.value : undefined;
  return (
    <fieldset className="place-field">
      <legend className="field__label">{m.ui_places_area_label()}</legend>
      <LazyPlacePicker
        mode="postable"
        id={`${id}-place`}
        value={value}
        onChange={(place) => field.onChange(place ?? '')}
        error={fieldState.error?.message}
      />
    </fieldset>
  );
}

/**
 * Up to `max` areas or upazilas (a service's places) as chips, added one by one with the picker. None chosen is
 * no value (undefined), not an empty list; with `minimum` 1 the last chip cannot be removed.
 */
export function PlacesField({ name, max, minimum = 0 }: { name: string; max: number; minimum?: number }) {
  const id = useId();
  const { control } = useFormContext();
  const { field, fieldState } = useController({ name, control });
  useEffect(preloadPlacePicker, []);
  const chosen: string[] = Array.isArray(field.value)
    ? field.value.filter((item): item is string => typeof item === 'string')
    : [];
  const index = usePlaceIndex(true);
  const locale = getLocale();
  const maxText = localDigits(String(max), locale);
  const error =
    fieldState.error?.message ?? (Array.isArray(fieldState.error) ? undefined : fieldState.error?.root?.message);
  return (
    <fieldset className="place-field" aria-describedby={`${id}-hint`}>
      <legend className="field__label">{m.ui_places_service_label()}</legend>
      <p className="field__hint" id={`${id}-hint`}>
        {m.ui_places_service_hint({ max: maxText })}
      </p>
      {chosen.length > 0 ? (
        <ul className="place-chips" aria-live="polite">
          {chosen.map((place) => {
            const label = (index && placeLabel(index, place, locale)) ?? place;
            return (
              <li key={place} className="place-chip">
                <span>{label}</span>
                {chosen.length > minimum ? (
                  <button
                    type="button"
                    className="place-chip__remove"
                    aria-label={m.ui_places_remove({ place: label })}
                    onClick={() => {
                      const kept = chosen.filter((item) => item !== place);
                      field.onChange(kept.length > 0 ? kept : undefined);
                    }}
                  >
                    <span className="place-filter__x" aria-hidden="true" />
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {chosen.length < max ? (
        <LazyPlacePicker
          mode="postable"
          id={`${id}-places`}
          value={undefined}
          exclude={chosen}
          onChange={(place) => {
            if (place && !chosen.includes(place)) field.onChange([...chosen, place]);
          }}
          error={error}
        />
      ) : (
        <>
          <p className="field__hint">{m.ui_places_service_full({ max: maxText })}</p>
          <FieldError id={`${id}-places`} message={error} />
        </>
      )}
    </fieldset>
  );
}
