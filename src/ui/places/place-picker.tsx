import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { placeName } from '@/domain/places/place-display';
import { bundledPlaceIndex, childPlaces, placePath, type Place, type PlaceIndex } from '@/domain/places/place-tree';
import { localDigits } from '@/i18n/digits';
import { compareNames } from '@/i18n/format';
import type { Locale } from '@/i18n/locale';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { Button } from '@/ui/button';
import { FieldError } from '@/ui/field';
import {
  chooseInList,
  choosePlace,
  locatePlace,
  trailOf,
  typeAheadResults,
  type Choice,
  type ListLevel,
  type PlacePickerMode,
  type Trail,
} from './place-choice';

/**
 * Choosing a place on a phone: a type-ahead over every place's names in English and Bangla, the three lists
 * (division, then district, then area or upazila) for those who would rather browse, and "Use my location". The
 * tree ships with the app (src/domain/places/rows), so it all works offline; this module carries it, and pages
 * load it lazily (./lazy-place-picker.tsx). What each choice does is ./place-choice.ts.
 */

export type { PlacePickerMode };

/**
 * The bundled tree, for ./use-place-names.ts: it loads this module rather than the tree's own, so that the tree
 * has one importer and stays in this chunk (a module two chunks share joins the shared chunk every page loads:
 * scripts/build/shared-chunk.ts).
 */
export { bundledPlaceIndex };
/** The near-spelling search, for ./search-correction.ts: through this module for the same reason. */
export { correctPlaceWords } from '@/domain/places/place-near';

export interface PlacePickerProps {
  mode: PlacePickerMode;
  /** The chosen place's id, or undefined. */
  value: string | undefined;
  onChange: (id: string | undefined) => void;
  /** Places that cannot be chosen again (a service's areas already chosen). */
  exclude?: readonly string[] | undefined;
  /** The error to show, and to tie to the controls. */
  error?: string | undefined;
  /** Ids for the controls; the type-ahead takes `id`. */
  id?: string | undefined;
  /** Puts the focus in the type-ahead when the picker opens (a list's filter, opened by a button). */
  autoFocus?: boolean | undefined;
}

const RESULT_LIMIT = 8;

const byName = (locale: Locale) => (a: Place, b: Place) =>
  compareNames(placeName(a, locale), placeName(b, locale), locale);

type LocationState = { state: 'idle' } | { state: 'locating' } | { state: 'done'; message: string; ok: boolean };

/** Whether this browser can tell a position (not in a server render or a test). */
const canLocate = () => typeof navigator !== 'undefined' && 'geolocation' in navigator;

export function PlacePicker({ mode, value, onChange, exclude, error, id, autoFocus }: PlacePickerProps) {
  const index = bundledPlaceIndex();
  const locale = getLocale();
  const generatedId = useId();
  const baseId = id ?? generatedId;
  const listId = `${baseId}-results`;
  const hintId = `${baseId}-hint`;
  const errorId = `${baseId}-error`;

  // The lists follow the value; a division or district chosen without a value yet is kept here.
  const [trail, setTrail] = useState<Trail>(() => trailOf(index, value));
  const [seenValue, setSeenValue] = useState(value);
  if (seenValue !== value) {
    setSeenValue(value);
    if (value) setTrail(trailOf(index, value));
  }

  const [query, setQuery] = useState('');
  const [active, setActive] = useState(0);
  const [location, setLocation] = useState<LocationState>({ state: 'idle' });
  const excluded = useMemo(() => new Set(exclude ?? []), [exclude]);

  const { places: results, near } = useMemo(
    () => typeAheadResults(index, query, excluded, RESULT_LIMIT),
    [index, query, excluded],
  );
  const open = query.trim() !== '';

  const divisions = useMemo(() => [...index.tree.divisions].sort(byName(locale)), [index, locale]);
  const districts = useMemo(
    () => (trail.division ? childPlaces(index, trail.division).sort(byName(locale)) : []),
    [index, trail.division, locale],
  );
  const local = useMemo(() => (trail.district ? childPlaces(index, trail.district) : []), [index, trail.district]);
  const areas = useMemo(() => local.filter((place) => place.kind === 'area').sort(byName(locale)), [local, locale]);
  const upazilas = useMemo(
    () => local.filter((place) => place.kind === 'upazila').sort(byName(locale)),
    [local, locale],
  );

  const apply = (choice: Choice) => {
    setTrail(choice.trail);
    if (choice.value !== value) onChange(choice.value);
  };
  const choose = (place: Place) => apply(choosePlace(index, mode, place));

  const pick = (place: Place) => {
    setQuery('');
    setActive(0);
    choose(place);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (results.length ? (current + step + results.length) % results.length : 0));
    } else if (event.key === 'Enter') {
      // Enter picks the highlighted place instead of sending the form half filled.
      event.preventDefault();
      const place = results[active];
      if (place) pick(place);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      setQuery('');
    }
  };

  const onList = (level: ListLevel) => (id: string) => apply(chooseInList(mode, level, id, trail));

  const locate = () => {
    setLocation({ state: 'locating' });
    // The position is compared with the places' centres here and forgotten: it is never sent or stored.
    navigator.geolocation.getCurrentPosition(
      (position) => {
        const found = locatePlace(index, { lat: position.coords.latitude, lng: position.coords.longitude }, excluded);
        if (found.kind === 'outside') {
          setLocation({ state: 'done', ok: false, message: m.ui_places_location_outside() });
          return;
        }
        choose(found.place);
        const name = placeName(found.place, locale);
        setLocation({
          state: 'done',
          ok: true,
          message:
            found.kind === 'area'
              ? m.ui_places_location_found_area({ place: name })
              : m.ui_places_location_found_district({ district: name }),
        });
      },
      (failure) =>
        setLocation({
          state: 'done',
          ok: false,
          message:
            failure.code === failure.PERMISSION_DENIED ? m.ui_places_location_denied() : m.ui_places_location_failed(),
        }),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 10 * 60_000 },
    );
  };

  const describedBy = [hintId, error ? errorId : ''].filter(Boolean).join(' ');
  const activeId = open && results[active] ? `${baseId}-option-${active}` : undefined;
  const areaValue = value && (value.startsWith('ar-') || value.startsWith('up-')) ? value : '';

  return (
    <div className="place-picker">
      <div className="place-picker__search">
        <label className="visually-hidden" htmlFor={baseId}>
          {m.ui_places_search_label()}
        </label>
        <input
          id={baseId}
          className="field__control place-picker__input"
          type="search"
          role="combobox"
          autoComplete="off"
          enterKeyHint="search"
          spellCheck={false}
          autoFocus={autoFocus}
          placeholder={m.ui_places_search_placeholder()}
          value={query}
          aria-expanded={open}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={activeId}
          aria-describedby={describedBy}
          aria-invalid={error ? true : undefined}
          onChange={(event) => {
            setQuery(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
        />
        <ul
          id={listId}
          role="listbox"
          className="place-picker__results"
          hidden={!open}
          aria-label={m.ui_places_search_label()}
        >
          {results.map((place, position) => (
            <li
              key={place.id}
              id={`${baseId}-option-${position}`}
              role="option"
              aria-selected={position === active}
              className={
                position === active ? 'place-picker__option place-picker__option--active' : 'place-picker__option'
              }
              // Pressed, the option is picked before the box loses its focus.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => pick(place)}
            >
              <span className="place-picker__option-name">{placeName(place, locale)}</span>
              <span className="place-picker__option-where">{whereOf(index, place, locale)}</span>
            </li>
          ))}
        </ul>
        {open ? (
          <p className="place-picker__status" role="status">
            {results.length === 0
              ? m.ui_places_no_match()
              : near
                ? m.ui_places_did_you_mean()
                : m.ui_places_results({ count: localDigits(String(results.length), locale) })}
          </p>
        ) : null}
      </div>

      <p className="field__hint" id={hintId}>
        {m.ui_places_area_hint()}
      </p>
      <div className="place-picker__lists">
        <PlaceSelect
          id={`${baseId}-division`}
          label={m.ui_places_division()}
          empty={mode === 'any' ? m.ui_places_any_division() : m.ui_places_choose_division()}
          value={trail.division}
          onChange={onList('division')}
          groups={[{ places: divisions }]}
          locale={locale}
        />
        <PlaceSelect
          id={`${baseId}-district`}
          label={m.ui_places_district()}
          empty={mode === 'any' ? m.ui_places_any_district() : m.ui_places_choose_district()}
          value={trail.district}
          onChange={onList('district')}
          disabled={!trail.division}
          groups={[{ places: districts }]}
          locale={locale}
        />
        <PlaceSelect
          id={`${baseId}-area`}
          label={m.ui_places_area_or_upazila()}
          empty={mode === 'any' ? m.ui_places_any_area() : m.ui_places_choose_area()}
          value={areaValue}
          onChange={onList('area')}
          disabled={!trail.district}
          groups={[
            { label: m.ui_places_city_areas(), places: areas },
            { label: m.ui_places_upazilas(), places: upazilas },
          ]}
          excluded={excluded}
          locale={locale}
          invalid={Boolean(error)}
        />
      </div>

      {canLocate() ? (
        <div className="place-picker__locate">
          <Button variant="secondary" onClick={locate} disabled={location.state === 'locating'}>
            <span aria-hidden="true" className="place-picker__locate-icon" />
            {location.state === 'locating' ? m.ui_places_locating() : m.ui_places_use_location()}
          </Button>
          <p className="field__hint place-picker__private">{m.ui_places_location_private()}</p>
          {location.state === 'done' ? (
            <p
              className={location.ok ? 'place-picker__found' : 'place-picker__found place-picker__found--failed'}
              role="status"
            >
              {location.message}
            </p>
          ) : null}
        </div>
      ) : null}
      <FieldError id={baseId} message={error} />
    </div>
  );
}

/** The line under a type-ahead result: where the place is ("Dhaka, Dhaka division"). */
function whereOf(index: PlaceIndex, place: Place, locale: Locale): string {
  if (place.kind === 'division') return m.ui_places_kind_division();
  const path = placePath(index, place.id);
  const division = path?.division ? `${placeName(path.division, locale)} ${m.ui_places_kind_division()}` : '';
  if (place.kind === 'district') return division;
  const district = path?.district ? `${placeName(path.district, locale)} ${m.ui_places_kind_district()}` : '';
  return [district, division].filter(Boolean).join(', ');
}

interface PlaceSelectProps {
  id: string;
  label: string;
  empty: string;
  value: string;
  onChange: (id: string) => void;
  groups: { label?: string; places: readonly Place[] }[];
  locale: Locale;
  disabled?: boolean;
  excluded?: ReadonlySet<string>;
  invalid?: boolean;
}

function PlaceSelect({
  id,
  label,
  empty,
  value,
  onChange,
  groups,
  locale,
  disabled,
  excluded,
  invalid,
}: PlaceSelectProps) {
  const options = (places: readonly Place[]) =>
    places.map((place) => (
      <option key={place.id} value={place.id} disabled={excluded?.has(place.id)}>
        {placeName(place, locale)}
      </option>
    ));
  const shown = groups.filter((group) => group.places.length > 0);
  return (
    <div className="field place-picker__list">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <select
        id={id}
        className="field__control"
        value={value}
        disabled={disabled}
        aria-invalid={invalid ? true : undefined}
        onChange={(event) => onChange(event.target.value)}
      >
        <option value="">{empty}</option>
        {shown.length === 1 || shown.every((group) => !group.label)
          ? shown.flatMap((group) => options(group.places))
          : shown.map((group) => (
              <optgroup key={group.label} label={group.label}>
                {options(group.places)}
              </optgroup>
            ))}
      </select>
    </div>
  );
}
