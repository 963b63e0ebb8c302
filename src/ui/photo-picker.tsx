import { forwardRef, useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode } from 'react';
import { useLocale } from '@/i18n/client-locale';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import './photo-picker.css';

/**
 * Basha's own file picker for photos. A browser draws a file input's words itself, in the browser's language
 * ("Choose File", "No file chosen"), whatever the page's language: on a Bangla page they are English. Here the
 * real input is visually hidden but stays in the tab order, named by the field's label (screen readers, and tests
 * that find it by its label and choose files on it), and what people see is Basha's: a button-like face saying
 * "Choose a photo" in the page's language and what was chosen. A caller may draw its own face (`children`: the rent
 * form's photo tiles); the whole face is the input's `<label>`, so a tap on it opens the phone's picker.
 */

export interface PhotoPickerProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'children' | 'aria-label' | 'className'
> {
  /** The field's name, as its label shows it: the input's accessible name. */
  label: string;
  /**
   * The names of the photos the form holds from this picker, shown instead of what the input last held: a photo the
   * form refused or dropped (too large, removed) is not chosen, and one brought back (an edit kept on the phone) is.
   * Not given: what was last chosen here.
   */
  chosen?: readonly string[] | undefined;
  /** A face of the caller's own instead of the button and the chosen photos' names. */
  children?: ReactNode;
  /** The class of the face (the `<label>`). */
  className?: string | undefined;
}

/** What the picker says was chosen: nothing, the one photo's name, or how many. */
export function chosenText(names: readonly string[], locale: string = getLocale()): string {
  if (names.length === 0) return m.ui_controls_no_photo();
  if (names.length === 1) return names[0]!;
  return m.ui_controls_photos_chosen({ count: localDigits(String(names.length), locale) });
}

export const PhotoPicker = forwardRef<HTMLInputElement, PhotoPickerProps>(function PhotoPicker(
  { label, chosen, children, className, onChange, multiple, 'aria-describedby': describedBy, ...inputProps },
  ref,
) {
  // Rendered again when the language changes; the words follow the page's language (`getLocale`).
  useLocale();
  const chosenId = useId();
  const [picked, setPicked] = useState<readonly string[]>([]);
  const shown = chosen ?? picked;

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    // Read after the form's own handler: a photo it refused at once has been emptied out of the input.
    setPicked(Array.from(event.target.files ?? [], (file) => file.name));
  };

  const face = children ?? (
    <>
      <span className="button button--secondary photo-pick__button" aria-hidden="true">
        <svg className="photo-pick__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M4 7h3l2-2.5h6L17 7h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Zm8 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        {shown.length > 0
          ? m.ui_controls_change_photo()
          : multiple
            ? m.ui_controls_choose_photos()
            : m.ui_controls_choose_photo()}
      </span>
      <span className="photo-pick__chosen" id={chosenId}>
        {chosenText(shown)}
      </span>
    </>
  );

  return (
    <label className={className ? `photo-pick ${className}` : 'photo-pick photo-pick--button'}>
      <input
        ref={ref}
        type="file"
        className="photo-pick__input"
        aria-label={label}
        aria-describedby={[describedBy, children ? '' : chosenId].filter(Boolean).join(' ') || undefined}
        multiple={multiple}
        onChange={change}
        {...inputProps}
      />
      {face}
    </label>
  );
});
