import { valibotResolver } from '@hookform/resolvers/valibot';
import type { User } from 'firebase/auth';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm, useFormContext, type Resolver } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { REDIRECT_AFTER_LOGIN_MS, REDIRECT_AFTER_REGISTRATION_MS } from '@/domain/constants';
import { monthNames } from '@/i18n/format';
import { photoToSend, photoTypeProblem, PROFILE_PHOTO_RULE } from '@/domain/image-file';
import { readablePhone } from '@/domain/phone-links';
import {
  EMPTY_REGISTRATION_FORM,
  phoneRegistrationFormSchema,
  registrationFormSchema,
  toNewUser,
  type PhoneRegistrationFormValues,
  type RegistrationFormInput,
  type RegistrationFormValues,
} from '@/domain/registration-form';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage, isAbortError } from '@/lib/api-client';
import { createFirebaseAccount } from '@/lib/firebase';
import { Button } from '@/ui/button';
import { FieldError, FieldFrame } from '@/ui/field';
import { EmailField, NewPasswordFields, TextField } from '@/ui/form-field';
import { PhoneField } from '@/ui/number-fields';
import { useFieldError } from '@/ui/use-field-error';
import { Notice } from '@/ui/notice';
import { CityAndPostalCodeFields } from '@/ui/address-fields';
import { GenderField, SocialMediaFields } from '@/ui/person-fields';
import { PhotoPicker } from '@/ui/photo-picker';
import { showToast } from '@/ui/toast/toast-atoms';
import { createUser } from '../api/create-user';
import { uploadProfileImage } from '../api/upload-profile-image';
import { completeRegistration, completeSession } from '../session/session-flows';
import { firebaseMessage } from './auth-errors';
import { AuthForm, ContinueWithPhone } from './auth-form';
import { AuthShell } from './auth-shell';
import { compressProfileImage } from './compress-profile-image';
import { RegistrationProgress, registrationStepText, type RegistrationStep } from './registration-steps';
import { useReturnPath } from './use-return-path';

class RegistrationCancelled extends Error {}

/** The day or the year of the date of birth, typed; the group's label names the date. */
function DatePartInput({ name, label, maxLength }: { name: 'day' | 'year'; label: string; maxLength: number }) {
  const { register } = useFormContext<RegistrationFormInput>();
  const error = useFieldError(name);
  return (
    <input
      className="field__control"
      aria-label={label}
      placeholder={label}
      inputMode="numeric"
      maxLength={maxLength}
      aria-invalid={error ? true : undefined}
      {...register(name)}
    />
  );
}

export function RegisterPage() {
  return <RegistrationForm />;
}

/** A number verified by SMS code, registering (/auth/phone/register): its Firebase user is signed in already. */
export interface VerifiedPhone {
  user: User;
  /** The user's number, E.164. */
  phoneNumber: string;
}

/** The form of either registration: the person's, and in this order (accounts spec, section 5). */
type FormValues = RegistrationFormValues | PhoneRegistrationFormValues;

/**
 * The registration form. With an e-mail (/auth/register) it creates the Firebase account of the e-mail and
 * password, and the e-mail code page comes next. With a `phone` verified by SMS (issue 40) the e-mail and password
 * fields are left out, the number is shown and not editable, and the new account is signed in and goes where the
 * visitor was going.
 */
export function RegistrationForm({ phone }: { phone?: VerifiedPhone }) {
  const navigate = useNavigate();
  const returnPath = useReturnPath();
  const [step, setStep] = useState<RegistrationStep>();
  const [failure, setFailure] = useState<string>();
  const [photo, setPhoto] = useState<File>();
  const [photoError, setPhotoError] = useState<string>();
  const abortRef = useRef<AbortController | undefined>(undefined);
  const form = useForm<RegistrationFormInput, unknown, FormValues>({
    // The phone form's schema reads the fields it has and leaves the e-mail ones (not shown) alone.
    resolver: (phone
      ? valibotResolver(phoneRegistrationFormSchema)
      : valibotResolver(registrationFormSchema)) as Resolver<RegistrationFormInput, unknown, FormValues>,
    defaultValues: phone
      ? { ...EMPTY_REGISTRATION_FORM, phoneNumber: readablePhone(phone.phoneNumber, getLocale()) }
      : EMPTY_REGISTRATION_FORM,
  });
  const { register, formState } = form;

  useEffect(() => () => abortRef.current?.abort(), []);
  const photoPreview = useMemo(() => (photo ? URL.createObjectURL(photo) : undefined), [photo]);
  useEffect(() => () => (photoPreview ? URL.revokeObjectURL(photoPreview) : undefined), [photoPreview]);

  const onPhotoChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPhotoError(undefined);
    if (!file) {
      setPhoto(undefined);
      return;
    }
    // Only the type here: the photo is shrunk before sending, and the 5MB rule applies to what is sent.
    const problem = photoTypeProblem(file, PROFILE_PHOTO_RULE);
    if (problem) {
      setPhotoError(problem);
      setPhoto(undefined);
      event.target.value = '';
      return;
    }
    setPhoto(file);
  };

  const onSubmit = async (values: FormValues) => {
    const controller = new AbortController();
    abortRef.current = controller;
    const { signal } = controller;
    const checkpoint = (next: RegistrationStep) => {
      if (signal.aborted) throw new RegistrationCancelled();
      setStep(next);
    };
    setFailure(undefined);
    let firebaseUser: User | undefined;
    let userSaved = false;
    try {
      checkpoint('starting');
      if (phone) {
        firebaseUser = phone.user;
      } else {
        checkpoint('creating-account');
        const { email, password } = values as RegistrationFormValues;
        firebaseUser = await createFirebaseAccount(email, password);
      }
      const idToken = await firebaseUser.getIdToken();

      let profileImage: string | null = null;
      if (photo) {
        // A photo that fails to process or upload does not stop registration (accounts spec, section 4).
        try {
          checkpoint('optimizing-photo');
          const prepared = await photoToSend(photo, compressProfileImage, PROFILE_PHOTO_RULE);
          if (prepared.photo) {
            checkpoint('uploading-photo');
            profileImage = await uploadProfileImage(prepared.photo, idToken, signal);
          } else {
            // Still 5MB or more after shrinking: registration goes on without it, with the spec's words.
            showToast(prepared.problem, 'warning');
          }
        } catch (error) {
          if (error instanceof RegistrationCancelled || isAbortError(error)) throw error;
          showToast(m.accounts_photo_upload_failed(), 'warning');
        }
      }

      checkpoint('saving');
      const user = await createUser(toNewUser(values, profileImage), idToken, signal);
      userSaved = true;

      checkpoint('finalizing');
      if (phone) {
        // The number is verified already: no code to mail, and on to where the visitor was going.
        await completeSession(firebaseUser, user._id, signal);
        setStep('completed');
        showToast(m.accounts_phone_account_created(), 'success', REDIRECT_AFTER_LOGIN_MS + 500);
        setTimeout(() => navigate(returnPath, { replace: true }), REDIRECT_AFTER_LOGIN_MS);
        return;
      }
      await completeRegistration(firebaseUser, user._id, signal);
      setStep('completed');
      showToast(m.accounts_step_completed(), 'success', REDIRECT_AFTER_REGISTRATION_MS + 1000);
      setTimeout(() => navigate(`/auth/otp-validate/${user._id}`), REDIRECT_AFTER_REGISTRATION_MS);
    } catch (error) {
      // An identity account without a Basha profile would block a second try with the same e-mail. A verified
      // number's stays: it was made by its SMS code, and the form may be sent again without a new one.
      if (firebaseUser && !userSaved && !phone) await firebaseUser.delete().catch(() => undefined);
      setStep(undefined);
      if (error instanceof RegistrationCancelled || isAbortError(error)) return; // Cancel is silent.
      const message = firebaseMessage(error) ?? (await apiErrorMessage(error, m.accounts_registration_failed()));
      setFailure(message);
      showToast(message, 'error', 3000);
    } finally {
      abortRef.current = undefined;
    }
  };

  const busy = step !== undefined;
  const dateError = formState.errors.day?.message ?? formState.errors.month?.message ?? formState.errors.year?.message;

  return (
    <AuthShell
      wide
      title={m.accounts_register_title()}
      subtitle={phone ? m.accounts_phone_register_subtitle() : m.accounts_register_subtitle()}
    >
      <AuthForm form={form} onSubmit={onSubmit}>
        {phone ? null : <ContinueWithPhone placement="above" />}
        <Notice tone="error" message={failure} />
        <fieldset className="auth-form__section" disabled={busy}>
          <legend className="auth-form__legend">{m.accounts_section_account()}</legend>
          <TextField name="name" label={m.accounts_full_name()} autoComplete="name" />
          {phone ? (
            <TextField name="phoneNumber" label={m.accounts_phone_verified_label()} type="tel" readOnly />
          ) : (
            <>
              <EmailField />
              <div className="auth-form__grid auth-form__grid--2">
                <NewPasswordFields
                  label={m.accounts_password()}
                  confirmLabel={m.accounts_confirm_password()}
                  hint={m.accounts_password_hint()}
                />
              </div>
            </>
          )}
        </fieldset>

        <fieldset className="auth-form__section" disabled={busy}>
          <legend className="auth-form__legend">{m.accounts_section_about_you()}</legend>
          <div className="auth-form__grid auth-form__grid--2">
            {phone ? null : (
              <PhoneField
                name="phoneNumber"
                label={m.accounts_phone_number()}
                inputMode="tel"
                placeholder="+880 1712 345678"
              />
            )}
            <GenderField />
          </div>
          <div
            className="field"
            role="group"
            aria-labelledby="dob-label"
            aria-describedby={dateError ? 'dob-error' : undefined}
          >
            <span className="field__label" id="dob-label">
              {m.accounts_date_of_birth()}
            </span>
            <div className="auth-form__dob">
              <DatePartInput name="day" label={m.accounts_day()} maxLength={2} />
              <select
                className="field__control"
                aria-label={m.accounts_month()}
                aria-invalid={formState.errors.month ? true : undefined}
                {...register('month')}
              >
                <option value="">{m.accounts_month()}</option>
                {monthNames().map((name, index) => (
                  <option key={name} value={String(index + 1)}>
                    {name}
                  </option>
                ))}
              </select>
              <DatePartInput name="year" label={m.accounts_year()} maxLength={4} />
            </div>
            <FieldError id="dob" message={dateError} />
          </div>
          <div className="auth-form__grid auth-form__grid--2">
            <TextField name="nationality" label={m.accounts_nationality()} />
            <TextField name="occupation" label={m.accounts_occupation()} autoComplete="organization-title" />
          </div>
          <TextField name="nid" label={m.accounts_nid()} optional inputMode="numeric" hint={m.accounts_nid_hint()} />
        </fieldset>

        <fieldset className="auth-form__section" disabled={busy}>
          <legend className="auth-form__legend">{m.accounts_section_address()}</legend>
          <TextField name="street" label={m.accounts_street()} autoComplete="street-address" />
          <div className="auth-form__grid auth-form__grid--2">
            <CityAndPostalCodeFields />
          </div>
        </fieldset>

        <fieldset className="auth-form__section" disabled={busy}>
          <legend className="auth-form__legend">{m.accounts_section_photo_links()}</legend>
          <div className="photo-picker">
            {photoPreview ? (
              <img
                className="photo-picker__preview"
                src={photoPreview}
                alt={m.accounts_selected_photo_alt()}
                width={72}
                height={72}
              />
            ) : (
              <span className="photo-picker__preview photo-picker__placeholder" aria-hidden="true">
                ☺
              </span>
            )}
            <FieldFrame
              label={m.accounts_profile_image()}
              optional
              hint={m.accounts_photo_hint()}
              error={photoError}
              className="photo-picker__field"
            >
              {(aria) => (
                <PhotoPicker
                  label={m.accounts_profile_image()}
                  accept="image/jpeg,image/png,image/webp"
                  chosen={photo ? [photo.name] : []}
                  {...aria}
                  onChange={onPhotoChange}
                />
              )}
            </FieldFrame>
          </div>
          <div className="auth-form__grid auth-form__grid--3">
            <SocialMediaFields withPlaceholders />
          </div>
        </fieldset>

        {step ? <RegistrationProgress current={step} withPhoto={photo !== undefined} withNewIdentity={!phone} /> : null}

        <div className="auth-form__actions">
          <Button type="submit" disabled={busy}>
            {busy ? registrationStepText(step) : m.accounts_create_account()}
          </Button>
          {busy && step !== 'completed' ? (
            <Button variant="secondary" onClick={() => abortRef.current?.abort()}>
              {m.accounts_cancel()}
            </Button>
          ) : null}
        </div>
        <p className="auth-form__footer">
          {m.accounts_already_have_account()} <Link to="/auth/login">{m.accounts_sign_in_link()}</Link>
        </p>
      </AuthForm>
    </AuthShell>
  );
}
