import type { Locale } from '@/i18n/locale';
import {
  forwardRef,
  useCallback,
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type ForwardedRef,
  type InputHTMLAttributes,
  type ReactNode,
} from 'react';
import { useLocale } from '@/i18n/client-locale';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import './photo-picker.css';

/**
 * Basha's own file picker for photos. A browser draws a file input's words itself, in the browser's language
 * ("Choose File", "No file chosen"), whatever the page's language: on a Bangla page they are English, on the screen
 * and in what a screen reader hears (Chromium gives the input the accessible value "No file chosen"). So what people
 * see, reach by Tab and hear is a real `<button>` in Basha's words: named by the field and "Choose a photo", described
 * by what was chosen, marked invalid when the form says so. A tap, Enter or Space on it opens the phone's picker
 * through the real input (`input.click()`), which is out of sight and out of the accessibility tree and the tab
 * order. The input keeps the field's name as its `aria-label` and the field's `id`: tests find it by its label and
 * choose files on it, and the field's visible `<label>` still opens the picker. A caller may draw its own face
 * (`children`: the rent form's photo tiles), which is then the button's content and its name.
 */

export interface PhotoPickerProps extends Omit<
  InputHTMLAttributes<HTMLInputElement>,
  'type' | 'children' | 'aria-label' | 'className'
> {
  /** The field's name, as its label shows it: part of the button's name, and the hidden input's label. */
  label: string;
  /**
   * The names of the photos the form holds from this picker, shown instead of what the input last held: a photo the
   * form refused or dropped (too large, removed) is not chosen, and one brought back (an edit kept on the phone) is.
   * Not given: what was last chosen here.
   */
  chosen?: readonly string[] | undefined;
  /** A face of the caller's own, the button's content, instead of "Choose a photo" and the chosen photos' names. */
  children?: ReactNode;
  /** The class of the button when the caller draws its own face. */
  className?: string | undefined;
}

/** What the picker says was chosen: nothing, the one photo's name, or how many. */
export function chosenText(names: readonly string[], locale: Locale = getLocale()): string {
  if (names.length === 0) return m.ui_controls_no_photo();
  if (names.length === 1) return names[0]!;
  return m.ui_controls_photos_chosen({ count: localDigits(String(names.length), locale) });
}

/** Hands `element` both to the picker's own ref and to the caller's. */
function setBoth<T>(element: T | null, own: { current: T | null }, theirs: ForwardedRef<T>): void {
  own.current = element;
  if (typeof theirs === 'function') theirs(element);
  else if (theirs) theirs.current = element;
}

export const PhotoPicker = forwardRef<HTMLInputElement, PhotoPickerProps>(function PhotoPicker(
  {
    label,
    chosen,
    children,
    className,
    onChange,
    multiple,
    disabled,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    ...inputProps
  },
  ref,
) {
  // Rendered again when the language changes; the words follow the page's language (`getLocale`).
  useLocale();
  const chosenId = useId();
  const [picked, setPicked] = useState<readonly string[]>([]);
  const shown = chosen ?? picked;
  const input = useRef<HTMLInputElement | null>(null);
  const button = useRef<HTMLButtonElement>(null);
  const inputRef = useCallback((element: HTMLInputElement | null) => setBoth(element, input, ref), [ref]);

  const change = (event: ChangeEvent<HTMLInputElement>) => {
    onChange?.(event);
    // Read after the form's own handler: a photo it refused at once has been emptied out of the input.
    setPicked(Array.from(event.target.files ?? [], (file) => file.name));
  };

  const fileInput = (
    <input
      ref={inputRef}
      type="file"
      className="visually-hidden"
      aria-label={label}
      aria-hidden="true"
      tabIndex={-1}
      multiple={multiple}
      disabled={disabled}
      onChange={change}
      // The field's visible label, a click on it, focuses the input: the focus belongs on the button.
      onFocus={() => button.current?.focus()}
      {...inputProps}
    />
  );
  const buttonProps = {
    ref: button,
    type: 'button',
    disabled,
    'aria-invalid': invalid,
    onClick: () => input.current?.click(),
  } as const;

  if (children) {
    return (
      <>
        {fileInput}
        <button
          {...buttonProps}
          className={className ? `photo-pick-face ${className}` : 'photo-pick-face'}
          aria-describedby={describedBy}
        >
          {children}
        </button>
      </>
    );
  }

  return (
    <div className="photo-pick">
      {fileInput}
      <button
        {...buttonProps}
        className="button button--secondary photo-pick__button"
        aria-describedby={[describedBy, chosenId].filter(Boolean).join(' ')}
      >
        <svg className="photo-pick__icon" viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path
            d="M4 7h3l2-2.5h6L17 7h3a1 1 0 0 1 1 1v11a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V8a1 1 0 0 1 1-1Zm8 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8Z"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
            strokeLinejoin="round"
          />
        </svg>
        <span className="visually-hidden">{label}</span>
        {shown.length > 0
          ? m.ui_controls_change_photo()
          : multiple
            ? m.ui_controls_choose_photos()
            : m.ui_controls_choose_photo()}
      </button>
      <span className="photo-pick__chosen" id={chosenId}>
        {chosenText(shown)}
      </span>
    </div>
  );
});
