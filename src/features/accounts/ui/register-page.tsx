import { valibotResolver } from '@hookform/resolvers/valibot';
import type { User } from 'firebase/auth';
import { useEffect, useMemo, useRef, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router-dom';
import { GENDERS, REDIRECT_AFTER_REGISTRATION_MS } from '@/domain/constants';
import { photoToSend, photoTypeProblem, PROFILE_PHOTO_RULE } from '@/domain/image-file';
import {
  EMPTY_REGISTRATION_FORM,
  registrationFormSchema,
  toNewUser,
  type RegistrationFormInput,
  type RegistrationFormValues,
} from '@/domain/registration-form';
import { apiErrorMessage, isAbortError } from '@/lib/api-client';
import { createFirebaseAccount } from '@/lib/firebase';
import { Button } from '@/ui/button';
import { SelectField, TextField } from '@/ui/field';
import { showToast } from '@/ui/toast/toast-atoms';
import { createUser } from '../api/create-user';
import { uploadProfileImage } from '../api/upload-profile-image';
import { completeSession } from '../session/session-flows';
import { firebaseMessage } from './auth-errors';
import { AuthShell } from './auth-shell';
import { compressProfileImage } from './compress-profile-image';
import { RegistrationProgress, type RegistrationStep } from './registration-steps';

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

class RegistrationCancelled extends Error {}

export function RegisterPage() {
  const navigate = useNavigate();
  const [step, setStep] = useState<RegistrationStep>();
  const [failure, setFailure] = useState<string>();
  const [photo, setPhoto] = useState<File>();
  const [photoError, setPhotoError] = useState<string>();
  const abortRef = useRef<AbortController | undefined>(undefined);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<RegistrationFormInput, unknown, RegistrationFormValues>({
    resolver: valibotResolver(registrationFormSchema),
    defaultValues: EMPTY_REGISTRATION_FORM,
  });

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

  const onSubmit = async (values: RegistrationFormValues) => {
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
      checkpoint('Starting registration');
      checkpoint('Creating account');
      firebaseUser = await createFirebaseAccount(values.email, values.password);
      const idToken = await firebaseUser.getIdToken();

      let profileImage: string | null = null;
      if (photo) {
        // A photo that fails to process or upload does not stop registration (accounts spec, section 4).
        try {
          checkpoint('Optimizing profile image');
          const prepared = await photoToSend(photo, compressProfileImage, PROFILE_PHOTO_RULE);
          if (prepared.photo) {
            checkpoint('Uploading profile image');
            profileImage = await uploadProfileImage(prepared.photo, idToken, signal);
          } else {
            // Still 5MB or more after shrinking: registration goes on without it, with the spec's words.
            showToast(prepared.problem, 'warning');
          }
        } catch (error) {
          if (error instanceof RegistrationCancelled || isAbortError(error)) throw error;
          showToast('Profile image upload failed', 'warning');
        }
      }

      checkpoint('Saving your information');
      const user = await createUser(toNewUser(values, profileImage), idToken, signal);
      userSaved = true;

      checkpoint('Finalizing registration');
      await completeSession(firebaseUser, user._id, signal);
      setStep('Registration completed');
      showToast('Registration completed', 'success', REDIRECT_AFTER_REGISTRATION_MS + 1000);
      setTimeout(() => navigate(`/auth/otp-validate/${user._id}`), REDIRECT_AFTER_REGISTRATION_MS);
    } catch (error) {
      // An identity account without a Basha profile would block a second try with the same e-mail.
      if (firebaseUser && !userSaved) await firebaseUser.delete().catch(() => undefined);
      setStep(undefined);
      if (error instanceof RegistrationCancelled || isAbortError(error)) return; // Cancel is silent.
      const message =
        firebaseMessage(error) ?? (await apiErrorMessage(error, 'An unknown error occurred during registration.'));
      setFailure(message);
      showToast(message, 'error', 3000);
    } finally {
      abortRef.current = undefined;
    }
  };

  const busy = step !== undefined;
  const dateError = errors.day?.message ?? errors.month?.message ?? errors.year?.message;

  return (
    <AuthShell
      wide
      title="Create your Basha account"
      subtitle="It takes two minutes. We will e-mail you a code to verify it."
    >
      <form className="auth-form" noValidate onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
        {failure ? (
          <p className="notice notice--error" role="alert">
            {failure}
          </p>
        ) : null}
        <fieldset className="auth-form__section" disabled={busy}>
          <legend className="auth-form__legend">Account</legend>
          <TextField label="Full Name" autoComplete="name" error={errors.name?.message} {...register('name')} />
          <TextField
            label="Email"
            type="email"
            autoComplete="email"
            inputMode="email"
            error={errors.email?.message}
            {...register('email')}
          />
          <div className="auth-form__grid auth-form__grid--2">
            <TextField
              label="Password"
              type="password"
              autoComplete="new-password"
              hint="At least 6 characters"
              error={errors.password?.message}
              {...register('password')}
            />
            <TextField
              label="Confirm Password"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword?.message}
              {...register('confirmPassword')}
            />
          </div>
        </fieldset>

        <fieldset className="auth-form__section" disabled={busy}>
          <legend className="auth-form__legend">About you</legend>
          <div className="auth-form__grid auth-form__grid--2">
            <TextField
              label="Phone Number"
              type="tel"
              autoComplete="tel"
              inputMode="tel"
              placeholder="+880 1712 345678"
              error={errors.phoneNumber?.message}
              {...register('phoneNumber')}
            />
            <SelectField label="Gender" error={errors.gender?.message} {...register('gender')}>
              <option value="">Select gender</option>
              {GENDERS.map((gender) => (
                <option key={gender} value={gender}>
                  {gender}
                </option>
              ))}
            </SelectField>
          </div>
          <div className="field" role="group" aria-labelledby="dob-label">
            <span className="field__label" id="dob-label">
              Date of Birth
            </span>
            <div className="auth-form__dob">
              <input
                className="field__control"
                aria-label="Day"
                placeholder="Day"
                inputMode="numeric"
                maxLength={2}
                aria-invalid={errors.day ? true : undefined}
                {...register('day')}
              />
              <select
                className="field__control"
                aria-label="Month"
                aria-invalid={errors.month ? true : undefined}
                {...register('month')}
              >
                <option value="">Month</option>
                {MONTHS.map((name, index) => (
                  <option key={name} value={String(index + 1)}>
                    {name}
                  </option>
                ))}
              </select>
              <input
                className="field__control"
                aria-label="Year"
                placeholder="Year"
                inputMode="numeric"
                maxLength={4}
                aria-invalid={errors.year ? true : undefined}
                {...register('year')}
              />
            </div>
            {dateError ? (
              <p className="field__error" role="alert">
                {dateError}
              </p>
            ) : null}
          </div>
          <div className="auth-form__grid auth-form__grid--2">
            <TextField label="Nationality" error={errors.nationality?.message} {...register('nationality')} />
            <TextField
              label="Occupation"
              autoComplete="organization-title"
              error={errors.occupation?.message}
              {...register('occupation')}
            />
          </div>
          <TextField
            label="NID"
            optional
            inputMode="numeric"
            hint="Only you can see it."
            error={errors.nid?.message}
            {...register('nid')}
          />
        </fieldset>

        <fieldset className="auth-form__section" disabled={busy}>
          <legend className="auth-form__legend">Address</legend>
          <TextField
            label="Street"
            autoComplete="street-address"
            error={errors.street?.message}
            {...register('street')}
          />
          <div className="auth-form__grid auth-form__grid--2">
            <TextField label="City" autoComplete="address-level2" error={errors.city?.message} {...register('city')} />
            <TextField
              label="Postal Code"
              autoComplete="postal-code"
              inputMode="numeric"
              error={errors.postalCode?.message}
              {...register('postalCode')}
            />
          </div>
        </fieldset>

        <fieldset className="auth-form__section" disabled={busy}>
          <legend className="auth-form__legend">Profile photo and links (optional)</legend>
          <div className="photo-picker">
            {photoPreview ? (
              <img
                className="photo-picker__preview"
                src={photoPreview}
                alt="Selected profile photo"
                width={72}
                height={72}
              />
            ) : (
              <span className="photo-picker__preview photo-picker__placeholder" aria-hidden="true">
                ☺
              </span>
            )}
            <TextField
              label="Profile Image"
              optional
              type="file"
              accept="image/jpeg,image/png,image/webp"
              hint="JPG, PNG or WEBP, less than 5MB"
              error={photoError}
              onChange={onPhotoChange}
              fieldClassName="photo-picker__field"
            />
          </div>
          <div className="auth-form__grid auth-form__grid--3">
            <TextField
              label="Facebook"
              optional
              type="url"
              placeholder="https://facebook.com/..."
              error={errors.facebook?.message}
              {...register('facebook')}
            />
            <TextField
              label="Instagram"
              optional
              type="url"
              placeholder="https://instagram.com/..."
              error={errors.instagram?.message}
              {...register('instagram')}
            />
            <TextField
              label="LinkedIn"
              optional
              type="url"
              placeholder="https://linkedin.com/in/..."
              error={errors.linkedin?.message}
              {...register('linkedin')}
            />
          </div>
        </fieldset>

        {step ? <RegistrationProgress current={step} withPhoto={photo !== undefined} /> : null}

        <div className="auth-form__actions">
          <Button type="submit" disabled={busy}>
            {busy ? step : 'Create Account'}
          </Button>
          {busy && step !== 'Registration completed' ? (
            <Button variant="secondary" onClick={() => abortRef.current?.abort()}>
              Cancel
            </Button>
          ) : null}
        </div>
        <p className="auth-form__footer">
          Already have an account? <Link to="/auth/login">Sign in</Link>
        </p>
      </form>
    </AuthShell>
  );
}
