import { valibotResolver } from '@hookform/resolvers/valibot';
import { useCallback, useEffect, useMemo, useState, type ChangeEvent } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { MIN_BIRTH_YEAR } from '@/domain/constants';
import { toIsoDate } from '@/domain/date-of-birth';
import { PROFILE_PHOTO_RULE, photoTypeProblem, profileImageProblem } from '@/domain/image-file';
import { PROFILE_PHOTO_SIZE } from '@/domain/photo-sizes';
import {
  editProfileDefaults,
  editProfileSchema,
  type EditProfileInput,
  type EditProfileValues,
} from '@/domain/profile-form';
import { isOwnRecord, type UserRecord } from '@/domain/user-record';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import type { OutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxPost } from '@/lib/outbox/use-outbox-post';
import { compressPhoto } from '@/lib/photo-compression/compress-photo';
import { useSelfId } from '@/lib/signed-in';
import { Button } from '@/ui/button';
import { CityAndPostalCodeFields } from '@/ui/address-fields';
import { DatePickerField } from '@/ui/date-picker';
import { FieldFrame } from '@/ui/field';
import { Form, TextField } from '@/ui/form-field';
import { PhoneField } from '@/ui/number-fields';
import { GenderField, SocialMediaFields } from '@/ui/person-fields';
import { PhotoPicker } from '@/ui/photo-picker';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { OnePhotoProgress } from '@/ui/upload-progress';
import { anyProfileEdit, profileUpdateFailedMessage } from '../api/update-profile';
import { useProfile } from './use-profile';
import './profiles.css';

/**
 * /main/edit-profile: the signed-in user edits their own profile (never anyone else's). An edit takes the outbox's
 * path, so one made offline is sent once the connection returns.
 */
/**
 * A profile's phone number and postal code as the form shows them: in the page's digits (issue 39), which the form
 * reads back as the numbers they are.
 */
function inPageDigits(values: EditProfileInput): EditProfileInput {
  const locale = getLocale();
  return {
    ...values,
    phoneNumber: localDigits(values.phoneNumber, locale),
    address: { ...values.address, postalCode: localDigits(values.address.postalCode, locale) },
  };
}

export function EditProfilePage() {
  const selfId = useSelfId();
  const navigate = useNavigate();
  const profile = useProfile(selfId);

  if (profile.status === 'loading') return <SpinnerScreen label={m.profiles_loading_your_profile()} />;
  // Only one's own record holds the private fields the form edits; anything else is not this person's profile.
  if (profile.status !== 'loaded' || !isOwnRecord(profile.user)) {
    return (
      <div className="page">
        <div className="error-panel" role="alert">
          <h1>{profile.status === 'not-found' ? m.profiles_no_profile_data() : m.profiles_edit_load_failed()}</h1>
          <p>{profile.status === 'error' ? profile.message : m.profiles_does_not_exist()}</p>
          <Button variant="secondary" onClick={() => navigate(-1)}>
            {m.profiles_go_back()}
          </Button>
        </div>
      </div>
    );
  }
  return <EditProfileForm user={profile.user} selfId={selfId} />;
}

function today(): string {
  const now = new Date();
  return toIsoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}

function EditProfileForm({ user, selfId }: { user: UserRecord; selfId: string }) {
  const navigate = useNavigate();
  const [photo, setPhoto] = useState<File>();
  const [photoError, setPhotoError] = useState<string>();
  const preview = useMemo(() => (photo ? URL.createObjectURL(photo) : undefined), [photo]);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);
  const [failure, setFailure] = useState<string>();
  const form = useForm<EditProfileInput, unknown, EditProfileValues>({
    resolver: valibotResolver(editProfileSchema),
    defaultValues: inPageDigits(editProfileDefaults(user)),
  });
  const { handleSubmit, reset, formState } = form;

  // An edit still on this phone (made offline, or refused) is newer than the profile shown: the form opens with
  // it, so that saving again builds on it instead of losing it (the new edit replaces it in the outbox).
  const restore = useCallback(
    (held: OutboxItem<'profile-edit'>) => {
      reset(inPageDigits({ ...editProfileDefaults(user), ...held.payload.values }));
      const blob = held.files[0];
      if (blob) setPhoto(blob instanceof File ? blob : new File([blob], 'profile.jpg', { type: blob.type }));
    },
    [reset, user],
  );
  const post = useOutboxPost('profile-edit', { ownerId: selfId, sameRecord: anyProfileEdit, onHeld: restore });
  const queuedNotice = post.notice;

  // The photo goes up shrunk on the phone (in a worker) to what the server keeps, unless the original is smaller.
  const onPhotoChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const field = event.target;
    const file = field.files?.[0];
    const wrongKind = file ? photoTypeProblem(file, PROFILE_PHOTO_RULE) : undefined;
    const shrunk =
      file && !wrongKind ? await compressPhoto(file, PROFILE_PHOTO_SIZE).catch(() => undefined) : undefined;
    const photoToSend = shrunk && file && shrunk.size < file.size ? shrunk : file;
    const problem = wrongKind ?? (photoToSend ? profileImageProblem(photoToSend) : undefined);
    if (problem) field.value = '';
    setPhotoError(problem);
    setPhoto(problem ? undefined : photoToSend);
  };

  const fail = (message: string) => {
    setFailure(message);
    showToast(message, 'error');
  };

  // Every edit takes the outbox's path; online it is sent at once and the page reports as the spec says.
  const onSubmit = async (values: EditProfileValues) => {
    setFailure(undefined);
    const { profileImage: _photo, ...fields } = values;
    const outcome = await post.submit({
      label: m.profiles_edit_outbox_label(),
      payload: { userId: selfId, values: fields },
      files: photo ? [photo] : [],
      notSavedMessage: profileUpdateFailedMessage(),
    });
    if (outcome.type === 'refused' || outcome.type === 'not-saved') {
      fail(outcome.message);
    } else if (outcome.type === 'sent') {
      showToast(m.profiles_updated(), 'success', 1500);
      navigate(`/main/profile/${selfId}`);
    } else {
      showToast(outcome.message, 'info');
    }
  };

  const shownPhoto = preview ?? user.profileImage ?? '/default-avatar.svg';
  return (
    <div className="page profile-page">
      <Form form={form} className="card section-card profile-form" onSubmit={handleSubmit(onSubmit)} noValidate>
        <h1 className="page__title">{m.profiles_edit_title()}</h1>
        {failure ? (
          <p className="notice notice--error profile-notice" role="alert">
            {failure}
          </p>
        ) : queuedNotice ? (
          <p
            className={`notice notice--${queuedNotice.tone} profile-notice`}
            role="status"
            data-testid="profile-edit-waiting"
          >
            {queuedNotice.message}
          </p>
        ) : null}
        <div className="photo-field">
          <img
            className="photo-field__preview"
            src={shownPhoto}
            alt={preview ? m.profiles_new_photo_alt() : m.profiles_current_photo_alt()}
          />
          <FieldFrame label={m.profiles_profile_image()} optional id="profile-photo" error={photoError}>
            {(aria) => (
              <PhotoPicker
                label={m.profiles_profile_image()}
                accept="image/*"
                chosen={photo ? [photo.name] : []}
                {...aria}
                onChange={(event) => void onPhotoChange(event)}
              />
            )}
          </FieldFrame>
        </div>
        <div className="form-grid">
          <TextField name="name" label={m.profiles_full_name()} autoComplete="name" />
          <TextField
            name="email"
            label={m.profiles_email_label()}
            type="email"
            readOnly
            hint={m.profiles_email_hint()}
          />
          <PhoneField name="phoneNumber" label={m.profiles_phone_number()} />
          <DatePickerField
            name="dateOfBirth"
            label={m.profiles_date_of_birth()}
            max={today()}
            minYear={MIN_BIRTH_YEAR}
          />
          <GenderField />
          <TextField name="nationality" label={m.profiles_nationality()} />
          <TextField name="occupation" label={m.profiles_occupation()} optional />
          <TextField name="nid" label={m.profiles_nid()} optional />
        </div>
        <fieldset className="form-section">
          <legend className="form-section__title">{m.profiles_address()}</legend>
          <div className="form-grid">
            <TextField name="address.street" label={m.profiles_street()} fieldClassName="form-grid__wide" />
            <CityAndPostalCodeFields prefix="address." />
          </div>
        </fieldset>
        <fieldset className="form-section">
          <legend className="form-section__title">{m.profiles_social_media()}</legend>
          <div className="form-grid">
            <SocialMediaFields prefix="socialMedia." />
          </div>
        </fieldset>
        {photo ? <OnePhotoProgress kind="profile" progress={post.progress} /> : null}
        <Button type="submit" disabled={formState.isSubmitting} block>
          {formState.isSubmitting ? m.profiles_saving() : m.profiles_save_changes()}
        </Button>
      </Form>
    </div>
  );
}
