import { useId, useState } from 'react';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { Button } from '@/ui/button';
import { LazyPlacePicker } from './lazy-place-picker';
import { placeLabel } from './place-label';
import { usePlaceIndex } from './use-place-names';

/**
 * A list's place filter: one button that reads the place chosen ("Anywhere" at first) and opens the picker in
 * `any` mode, so a division, a district or an area can be the filter. The picker and the tree load on the first
 * press (or when the list's address already names a place), never with the list's first screen.
 */
export function PlaceFilter({
  value,
  onChange,
  className,
}: {
  value: string;
  onChange: (id: string) => void;
  /** A class for the field, for the list's layout. */
  className?: string;
}) {
  const [open, setOpen] = useState(false);
  const id = useId();
  const panelId = `${id}-panel`;
  const index = usePlaceIndex(value !== '');
  const chosen = value ? index && placeLabel(index, value, getLocale()) : m.ui_places_anywhere();
  return (
    <div
      className={['field place-filter', open ? 'place-filter--open' : '', className ?? ''].filter(Boolean).join(' ')}
    >
      <span className="field__label" id={`${id}-label`}>
        {m.ui_places_area_label()}
      </span>
      <div className="place-filter__row">
        <button
          type="button"
          className="field__control place-filter__button"
          aria-expanded={open}
          aria-controls={panelId}
          aria-labelledby={`${id}-label ${id}-value`}
          onClick={() => setOpen((current) => !current)}
        >
          <span id={`${id}-value`}>{chosen ?? m.ui_places_loading()}</span>
          <span className="place-filter__caret" aria-hidden="true" />
        </button>
        {value ? (
          <Button
            variant="secondary"
            className="place-filter__clear"
            aria-label={m.ui_places_clear_place()}
            onClick={() => onChange('')}
          >
            <span className="place-filter__x" aria-hidden="true" />
          </Button>
        ) : null}
      </div>
      {open ? (
        <div className="place-filter__panel" id={panelId}>
          <LazyPlacePicker
            mode="any"
            value={value || undefined}
            onChange={(place) => onChange(place ?? '')}
            id={`${id}-picker`}
            autoFocus
          />
          <Button variant="primary" className="place-filter__done" onClick={() => setOpen(false)}>
            {m.ui_places_done()}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
