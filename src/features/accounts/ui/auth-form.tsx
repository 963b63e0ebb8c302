import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { Form } from '@/ui/form-field';

interface AuthFormProps<Values extends FieldValues, Output extends FieldValues> {
  form: UseFormReturn<Values, unknown, Output>;
  /** May throw to keep the form's isSubmitSuccessful false: the throw goes no further. */
  onSubmit: SubmitHandler<Output>;
  children: ReactNode;
}

/** The form of an account page (sign-in, registration, password reset, verification). */
export function AuthForm<Values extends FieldValues, Output extends FieldValues>({
  form,
  onSubmit,
  children,
}: AuthFormProps<Values, Output>) {
  return (
    <Form
      form={form}
      className="auth-form"
      noValidate
      onSubmit={(event) =>
        void form
          .handleSubmit(onSubmit)(event)
          .catch(() => undefined)
      }
    >
      {children}
    </Form>
  );
}

export function BackToLogin() {
  return (
    <p className="auth-form__footer">
      <Link to="/auth/login">{m.accounts_back_to_login()}</Link>
    </p>
  );
}
