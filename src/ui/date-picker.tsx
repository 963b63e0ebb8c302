import { useId, useRef, useState } from 'react';
import { useController } from 'react-hook-form';
import { isRealCalendarDate, parseIsoDate, toIsoDate } from '@/domain/date-of-birth';
import { blankDaysBeforeFirst } from '@/domain/week';
import { monthNames } from '@/i18n/format';
import { useLocale } from '@/i18n/client-locale';
import { localDigits, toLatinDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { controlAria, FieldError, FieldHint, FieldLabel } from './field';
import { useFieldError } from './use-field-error';
import './date-picker.css';

/**
 * A date field shown as dd/MM/yyyy (typed or picked), with a calendar that has month and year dropdowns, in the
 * page's language (Bangla digits and month names on a Bangla page). Basha's own rather than `<input type="date">`,
 * which shows the browser's mm/dd/yyyy and month names whatever the page's language. Dates after `max` cannot be
 * typed or picked; dates before `min` cannot be picked, and one typed goes to the form, whose rule says why it is
 * refused. The value is always yyyy-MM-dd, or '' while incomplete.
 */

/** How many years ahead the calendar offers for a date that may only be today or later. */
const YEARS_AHEAD = 5;

export function toDisplayDate(iso: string): string {
  const parts = parseIsoDate(iso);
  return parts ? `${String(parts.day).padStart(2, '0')}/${String(parts.month).padStart(2, '0')}/${parts.year}` : '';
}

/**
 * dd/MM/yyyy (also with - or . between), or yyyy-MM-dd as a date is written in data, in Bangla or Latin digits ->
 * yyyy-MM-dd, or undefined when it is not a real date.
 */
export function fromDisplayDate(text: string): string | undefined {
  const latin = toLatinDigits(text.trim());
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(latin);
  const yearFirst = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(latin);
  const [day, month, year] = dayFirst
    ? [Number(dayFirst[1]), Number(dayFirst[2]), Number(dayFirst[3])]
    : yearFirst
      ? [Number(yearFirst[3]), Number(yearFirst[2]), Number(yearFirst[1])]
      : [0, 0, 0];
  return isRealCalendarDate(year, month, day) ? toIsoDate(year, month, day) : undefined;
}

interface DatePickerProps {
  label: string;
  value: string;
  onChange: (iso: string) => void;
  onBlur?: () => void;
  /** The earliest date the calendar offers (yyyy-MM-dd): a date ahead, such as a rent's start. */
  min?: string | undefined;
  /** The latest date that may be typed or picked (yyyy-MM-dd): a date behind, such as a date of birth. */
  max?: string | undefined;
  /** The first year the calendar offers, when it is not `min`'s. */
  minYear?: number | undefined;
  error?: string | undefined;
}

export function DatePicker({ label, value, onChange, onBlur, min, max, minYear, error }: DatePickerProps) {
  const id = useId();
  const locale = useLocale();
  // A date is shown in the digits of the page's language; what the person types stays as they typed it.
  const shownDate = (iso: string) => localDigits(toDisplayDate(iso), locale);
  const digits = (n: number) => localDigits(String(n), locale);
  const months = monthNames(locale);
  const [typed, setTyped] = useState<{ for: string; text: string }>({ for: value, text: shownDate(value) });
  const text = typed.for === value ? typed.text : shownDate(value);
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const thisYear = new Date().getFullYear();
  const minParts = min ? parseIsoDate(min) : undefined;
  const maxParts = max ? parseIsoDate(max) : undefined;
  // A date ahead opens on `min`'s month; a date behind (a birthday) some 25 years before `max`.
  const shown =
    parseIsoDate(value) ??
    (minParts ? { ...minParts, day: 1 } : { year: (maxParts?.year ?? thisYear) - 25, month: 1, day: 1 });
  const [view, setView] = useState({ year: shown.year, month: shown.month });

  const commitText = (next: string) => {
    const iso = fromDisplayDate(next);
    const accepted = iso && (!max || iso <= max) ? iso : '';
    setTyped({ for: accepted, text: next });
    onChange(accepted);
  };

  const daysInMonth = new Date(Date.UTC(view.year, view.month, 0)).getUTCDate();
  const lead = blankDaysBeforeFirst(view.year, view.month);
  // The years offered, the one shown among them (an edited ad's start may be before `min`); a date ahead counts up.
  const firstYear = Math.min(minYear ?? minParts?.year ?? thisYear - 100, view.year);
  const lastYear = Math.max(maxParts?.year ?? (minParts?.year ?? thisYear) + YEARS_AHEAD, view.year);
  const years = Array.from({ length: lastYear - firstYear + 1 }, (_, index) =>
    minParts ? firstYear + index : lastYear - index,
  );

  return (
    <div className={open ? 'field date-picker date-picker--open' : 'field date-picker'}>
      <FieldLabel id={id}>{label}</FieldLabel>
      <div className="date-picker__row">
        <input
          className="field__control"
          inputMode="numeric"
          placeholder={m.form_date_placeholder()}
          value={text}
          {...controlAria(id, error, true)}
          onChange={(event) => commitText(event.target.value)}
          onBlur={() => {
            // A date taken is shown back as the page writes dates (05-12-2026 or 2026-12-05 reads 05/12/2026, in
            // Bangla digits on a Bangla page); one not taken stays as typed, to be fixed.
            if (value) setTyped({ for: value, text: shownDate(value) });
            onBlur?.();
          }}
        />
        <button
          ref={toggle}
          type="button"
          className="button button--secondary date-picker__toggle"
          aria-expanded={open}
          aria-controls={`${id}-calendar`}
          onClick={() => {
            // The calendar opens on the date in the field (typed since it was last open), else where it began.
            if (!open) setView({ year: shown.year, month: shown.month });
            setOpen(!open);
          }}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path
              d="M4 6.5A1.5 1.5 0 0 1 5.5 5h13A1.5 1.5 0 0 1 20 6.5v12a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5ZM4 10h16M8 3v4M16 3v4"
              fill="none"
              stroke="currentColor"
              strokeWidth="1.8"
              strokeLinecap="round"
            />
          </svg>
          <span className="visually-hidden">{m.form_date_choose({ label })}</span>
        </button>
        {open ? (
          <div
            className="date-picker__calendar card"
            id={`${id}-calendar`}
            role="group"
            aria-label={m.form_date_calendar({ label })}
            onKeyDown={(event) => {
              if (event.key !== 'Escape') return;
              setOpen(false);
              toggle.current?.focus();
            }}
          >
            <div className="date-picker__selects">
              <select
                className="field__control"
                aria-label={m.form_date_month()}
                value={view.month}
                onChange={(event) => setView({ ...view, month: Number(event.target.value) })}
              >
                {months.map((name, index) => (
                  <option key={name} value={index + 1}>
                    {name}
                  </option>
                ))}
              </select>
              <select
                className="field__control"
                aria-label={m.form_date_year()}
                value={view.year}
                onChange={(event) => setView({ ...view, year: Number(event.target.value) })}
              >
                {years.map((year) => (
                  <option key={year} value={year}>
                    {digits(year)}
                  </option>
                ))}
              </select>
            </div>
            <div className="date-picker__grid">
              {m
                .form_weekdays()
                .split(',')
                .map((head) => (
                  <span key={head} className="date-picker__head" aria-hidden="true">
                    {head}
                  </span>
                ))}
              {Array.from({ length: lead }, (_, index) => (
                <span key={`lead-${index}`} />
              ))}
              {Array.from({ length: daysInMonth }, (_, index) => {
                const iso = toIsoDate(view.year, view.month, index + 1);
                const outside = (max !== undefined && iso > max) || (min !== undefined && iso < min);
                return (
                  <button
                    key={iso}
                    type="button"
                    className={iso === value ? 'date-picker__day date-picker__day--selected' : 'date-picker__day'}
                    disabled={outside}
                    aria-pressed={iso === value}
                    aria-label={`${digits(index + 1)} ${months[view.month - 1]} ${digits(view.year)}`}
                    onClick={() => {
                      setTyped({ for: iso, text: shownDate(iso) });
                      onChange(iso);
                      setOpen(false);
                    }}
                  >
                    {digits(index + 1)}
                  </button>
                );
              })}
            </div>
          </div>
        ) : null}
      </div>
      <FieldHint id={id}>{min ? m.ui_controls_date_hint({ example: shownDate(min) }) : m.form_date_hint()}</FieldHint>
      <FieldError id={id} message={error} />
    </div>
  );
}

/** The date picker as a field of the form around it (`Form`), holding yyyy-MM-dd. */
export function DatePickerField({
  name,
  ...props
}: { name: string } & Omit<DatePickerProps, 'value' | 'onChange' | 'onBlur' | 'error'>) {
  const { field } = useController({ name });
  const error = useFieldError(name);
  return (
    <DatePicker
      {...props}
      value={field.value as string}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={error}
    />
  );
}
