import type { ReactNode } from 'react';
import type { FieldValues, SubmitHandler, UseFormReturn } from 'react-hook-form';
import { Link, useLocation } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { ButtonLink } from '@/ui/button';
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

/**
 * "Continue with phone number" beside the e-mail form of the sign-in and register pages (issue 40): below it on
 * the sign-in page, above it on the long register form, so nobody fills that in first. Where the visitor was going
 * (`state.from`) goes along through the phone steps.
 */
export function ContinueWithPhone({ placement }: { placement: 'above' | 'below' }) {
  const location = useLocation();
  const or = (
    <p className="auth-form__or">
      <span>{m.accounts_phone_or()}</span>
    </p>
  );
  return (
    <>
      {placement === 'below' ? or : null}
      <ButtonLink variant="secondary" block to="/auth/phone" state={location.state as unknown}>
        {m.accounts_phone_continue()}
      </ButtonLink>
      {placement === 'above' ? or : null}
    </>
  );
}
