import {
  forwardRef,
  useId,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import { m } from '@/i18n/generated/messages.js';

/**
 * The look of every field: label, control, hint and error message, wired together for screen readers. These
 * controls take their value and error from props, for the lists' filters and the file pickers that keep their
 * own state; a form of react-hook-form uses the fields of `form-field.tsx`, which read them from the form.
 * No react-hook-form here: the lists load this module with their first screen.
 */

/** What a control needs to point at its hint and error. */
export interface ControlAria {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

export function controlAria(id: string, error: string | undefined, hint: ReactNode): ControlAria {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined,
  };
}

export function FieldHint({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p className="field__hint" id={`${id}-hint`}>
      {children}
    </p>
  );
}

/** The error under a field (or group `id`); nothing when there is none. */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p className="field__error" id={`${id}-error`} role="alert">
      {message}
    </p>
  ) : null;
}

export function FieldLabel({ id, optional, children }: { id: string; optional?: boolean; children: ReactNode }) {
  return (
    <label className="field__label" htmlFor={id}>
      {children}
      {optional ? <span className="field__optional"> {m.form_optional()}</span> : null}
    </label>
  );
}

export interface FieldFrameProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean | undefined;
  /** The control's id; a generated one when not given. */
  id?: string | undefined;
  className?: string | undefined;
  /** The control (and anything shown with it), given the id and aria attributes it must carry. */
  children: (aria: ControlAria) => ReactNode;
}

export function FieldFrame({ label, error, hint, optional, id, className, children }: FieldFrameProps) {
  const generatedId = useId();
  const controlId = id ?? generatedId;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <FieldLabel id={controlId} optional={optional}>
        {label}
      </FieldLabel>
      {children(controlAria(controlId, error, hint))}
      {hint ? <FieldHint id={controlId}>{hint}</FieldHint> : null}
      <FieldError id={controlId} message={error} />
    </div>
  );
}

/** The props a labelled control takes besides its element's own. */
export interface LabelledProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  optional?: boolean | undefined;
  /** A class for the field around the control. */
  fieldClassName?: string | undefined;
}

export const LabelledInput = forwardRef<HTMLInputElement, LabelledProps & InputHTMLAttributes<HTMLInputElement>>(
  function LabelledInput({ label, error, hint, optional, fieldClassName, id, ...inputProps }, ref) {
    return (
      <FieldFrame label={label} error={error} hint={hint} optional={optional} id={id} className={fieldClassName}>
        {(aria) => <input ref={ref} className="field__control" {...aria} {...inputProps} />}
      </FieldFrame>
    );
  },
);

export const LabelledSelect = forwardRef<HTMLSelectElement, LabelledProps & SelectHTMLAttributes<HTMLSelectElement>>(
  function LabelledSelect({ label, error, hint, optional, fieldClassName, id, children, ...selectProps }, ref) {
    return (
      <FieldFrame label={label} error={error} hint={hint} optional={optional} id={id} className={fieldClassName}>
        {(aria) => (
          <select ref={ref} className="field__control" {...aria} {...selectProps}>
            {children}
          </select>
        )}
      </FieldFrame>
    );
  },
);

export const LabelledTextArea = forwardRef<
  HTMLTextAreaElement,
  LabelledProps & TextareaHTMLAttributes<HTMLTextAreaElement>
>(function LabelledTextArea({ label, error, hint, optional, fieldClassName, id, ...textareaProps }, ref) {
  return (
    <FieldFrame label={label} error={error} hint={hint} optional={optional} id={id} className={fieldClassName}>
      {(aria) => (
        <textarea ref={ref} className="field__control field__control--multiline" {...aria} {...textareaProps} />
      )}
    </FieldFrame>
  );
});

/** One `<option>` a value, reading as its label (a table or a function of the value), else as the value. */
export function SelectOptions<Value extends string>({
  values,
  labels,
}: {
  values: readonly Value[];
  labels?: Readonly<Record<Value, string>> | ((value: Value) => string);
}) {
  return values.map((value) => (
    <option key={value} value={value}>
      {typeof labels === 'function' ? labels(value) : (labels?.[value] ?? value)}
    </option>
  ));
}

/** A labelled select of the given values that hands back the value chosen, typed as one of them. */
export function OptionSelect<Value extends string>({
  label,
  value,
  values,
  labels,
  onChange,
}: {
  label: ReactNode;
  value: Value;
  values: readonly Value[];
  labels?: Readonly<Record<Value, string>> | ((value: Value) => string);
  onChange: (value: Value) => void;
}) {
  return (
    <LabelledSelect
      label={label}
      value={value}
      onChange={(event) => {
        const chosen = values.find((option) => option === event.target.value);
        if (chosen !== undefined) onChange(chosen);
      }}
    >
      <SelectOptions values={values} labels={labels} />
    </LabelledSelect>
  );
}
