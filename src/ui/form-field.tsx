import {
  useId,
  type FormHTMLAttributes,
  type InputHTMLAttributes,
  type ReactNode,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
} from 'react';
import {
  FormProvider,
  useFormContext,
  type FieldValues,
  type RegisterOptions,
  type UseFormReturn,
} from 'react-hook-form';
import { m } from '@/i18n/generated/messages.js';
import { FieldError, LabelledInput, LabelledSelect, LabelledTextArea, type LabelledProps } from './field';
import { useFieldError } from './use-field-error';

/**
 * The fields of a react-hook-form form (after epic-stack's forms.tsx): each takes the field's `name` and reads
 * its registration and error from the form around it, so a form writes a field as one line
 * (`<TextField name="email" label={m.form_email()} type="email" />`) and every field is wired the same way (label,
 * hint, error, aria-invalid and aria-describedby). The form is a `Form`, which hands its form to them.
 */

interface FormProps<
  Values extends FieldValues,
  Context,
  Output extends FieldValues,
> extends FormHTMLAttributes<HTMLFormElement> {
  form: UseFormReturn<Values, Context, Output>;
}

/** A `<form>` whose fields read the given react-hook-form form. */
export function Form<Values extends FieldValues, Context, Output extends FieldValues>({
  form,
  children,
  ...formProps
}: FormProps<Values, Context, Output>) {
  return (
    <FormProvider {...form}>
      <form {...formProps}>{children}</form>
    </FormProvider>
  );
}

interface NamedProps extends Omit<LabelledProps, 'error'> {
  /** The form field, as react-hook-form names it. */
  name: string;
  /** How react-hook-form reads the value (`valueAsNumber`, ...). */
  rules?: RegisterOptions;
}

export function TextField({ name, rules, ...props }: NamedProps & InputHTMLAttributes<HTMLInputElement>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <LabelledInput error={error} {...props} {...register(name, rules)} />;
}

export function SelectField({ name, rules, ...props }: NamedProps & SelectHTMLAttributes<HTMLSelectElement>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <LabelledSelect error={error} {...props} {...register(name, rules)} />;
}

export function TextAreaField({ name, rules, ...props }: NamedProps & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const { register } = useFormContext();
  const error = useFieldError(name);
  return <LabelledTextArea error={error} {...props} {...register(name, rules)} />;
}

interface ChoicesProps<Value extends string> {
  name: string;
  /** `checkbox` keeps an array of the values ticked; `radio` one value. */
  type: 'checkbox' | 'radio';
  legend: ReactNode;
  values: readonly Value[];
  /** What a value reads as; the value itself when not given. */
  labels?: Readonly<Record<Value, string>>;
  /** The class of the box around the choices (`choices__grid` or `choices__row`). */
  layout: string;
}

/** A group of checkboxes or radio buttons under one legend, with one error for the group. */
export function ChoicesField<Value extends string>({
  name,
  type,
  legend,
  values,
  labels,
  layout,
}: ChoicesProps<Value>) {
  const id = useId();
  const { register } = useFormContext();
  const error = useFieldError(name);
  const registration = register(name);
  return (
    <fieldset className="choices" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field__label">{legend}</legend>
      <div className={layout}>
        {values.map((value) => (
          <label key={value} className="choice">
            <input type={type} value={value} {...registration} />
            <span>{labels?.[value] ?? value}</span>
          </label>
        ))}
      </div>
      <FieldError id={id} message={error} />
    </fieldset>
  );
}

/** The e-mail field of the sign-in, registration, reset and feedback forms. */
export function EmailField({ hint }: { hint?: ReactNode }) {
  return (
    <TextField name="email" label={m.form_email()} type="email" autoComplete="email" inputMode="email" hint={hint} />
  );
}

/** A new password and its confirmation (`password`, `confirmPassword`), for the registration and reset forms. */
export function NewPasswordFields({
  label,
  confirmLabel,
  hint,
}: {
  label: string;
  confirmLabel: string;
  hint?: string;
}) {
  return (
    <>
      <TextField name="password" label={label} type="password" autoComplete="new-password" hint={hint} />
      <TextField name="confirmPassword" label={confirmLabel} type="password" autoComplete="new-password" />
    </>
  );
}
