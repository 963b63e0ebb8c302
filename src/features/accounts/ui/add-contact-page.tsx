import { valibotResolver } from '@hookform/resolvers/valibot';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { addEmailFormSchema, type AddEmailFormInput, type AddEmailFormValues } from '@/domain/add-email-form';
import { ADD_PHONE_CODE_PATH, ADD_PHONE_PATH } from '@/domain/contact-additions';
import { verifyEmailPath } from '@/domain/email-verification';
import { isOwnRecord, type UserRecord } from '@/domain/user-record';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import { fetchUserRecord } from '@/lib/fetch-user-record';
import { firebaseErrorCode } from '@/lib/firebase';
import { sendPhoneLinkCode } from '@/lib/firebase-phone';
import { useSelfId } from '@/lib/signed-in';
import { Button } from '@/ui/button';
import { EmailField, NewPasswordFields } from '@/ui/form-field';
import { Notice } from '@/ui/notice';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { completeEmailAddition, completePhoneAddition, ProfileIncomplete } from '../session/contact-additions';
import { AuthForm } from './auth-form';
import { AuthShell } from './auth-shell';
import { LINK_CODE_KEY, readPendingPhoneCode, rememberPendingPhoneCode } from './phone-code-state';
import { PhoneCodeStep } from './phone-code-step';
import { phoneRefusal } from './phone-errors';
import { PhoneFormFooter } from './phone-form-end';
import { PhoneNumberStep } from './phone-number-step';

/**
 * /main/add/phone, /main/add/phone/code and /main/add/email (issue 40), steps of ./phone-page.tsx: a signed-in person adds a
 * way to prove their account. An e-mail account proves a phone number with the phone sign-in's own steps (the
 * number, the SMS code, which survives a reload), linked to its Firebase user and then to its record
 * (POST /user/verify-phone/{id}); an account made with a phone number adds an e-mail and a password, and the mailed
 * code follows, on the e-mail code page. Each ends on the profile, which shows what was added.
 */
export function AddContactPage() {
  const { pathname } = useLocation();
  if (pathname === ADD_PHONE_CODE_PATH) return <AddPhoneCode />;
  if (pathname === ADD_PHONE_PATH) return <AddPhoneNumber />;
  return <AddEmail />;
}

const profilePath = (selfId: string) => `/main/profile/${encodeURIComponent(selfId)}`;

/** The signed-in person's own record, for the number they gave at registration and the fields of a profile edit. */
function useOwnRecord(selfId: string): UserRecord | 'loading' | 'unreadable' {
  const [record, setRecord] = useState<UserRecord | 'loading' | 'unreadable'>('loading');
  useEffect(() => {
    let live = true;
    fetchUserRecord(selfId).then(
      (found) => live && setRecord(isOwnRecord(found) ? found : 'unreadable'),
      () => live && setRecord('unreadable'),
    );
    return () => {
      live = false;
    };
  }, [selfId]);
  return record;
}

function AddPhoneNumber() {
  const selfId = useSelfId();
  const record = useOwnRecord(selfId);
  if (record === 'loading') return <SpinnerScreen />;
  if (record !== 'unreadable' && record.phoneVerified) return <Navigate to={profilePath(selfId)} replace />;
  const given = record === 'unreadable' ? undefined : record.phoneNumber;
  return (
    <PhoneNumberStep
      title={m.accounts_add_phone_title()}
      subtitle={m.accounts_add_phone_subtitle()}
      // Back from the code step: the number typed there; else the one given at registration.
      defaultNumber={readPendingPhoneCode(undefined, LINK_CODE_KEY)?.phoneNumber ?? given ?? ''}
      sendCode={sendPhoneLinkCode}
      storageKey={LINK_CODE_KEY}
      codePath={ADD_PHONE_CODE_PATH}
      footer={{ to: profilePath(selfId), text: m.accounts_add_back_to_profile() }}
    />
  );
}

function AddPhoneCode() {
  const selfId = useSelfId();
  const navigate = useNavigate();
  const [pending] = useState(() => readPendingPhoneCode(undefined, LINK_CODE_KEY));
  if (!pending) return <Navigate to={ADD_PHONE_PATH} replace />;
  const confirm = async (verificationId: string, otp: string) => {
    const said = await completePhoneAddition(selfId, verificationId, otp);
    rememberPendingPhoneCode(undefined, LINK_CODE_KEY);
    showToast(said || m.accounts_otp_verified(), 'success');
    navigate(profilePath(selfId), { replace: true });
  };
  return (
    <PhoneCodeStep
      sent={pending}
      storageKey={LINK_CODE_KEY}
      sendCode={sendPhoneLinkCode}
      confirm={confirm}
      failed={m.accounts_add_failed}
      changeNumberPath={ADD_PHONE_PATH}
    />
  );
}

function AddEmail() {
  const selfId = useSelfId();
  const record = useOwnRecord(selfId);
  if (record === 'loading') return <SpinnerScreen />;
  if (record !== 'unreadable' && record.email) return <Navigate to={profilePath(selfId)} replace />;
  return <AddEmailForm selfId={selfId} record={record === 'unreadable' ? undefined : record} />;
}

/** Firebase's refusals of the address itself, said under the field. */
const EMAIL_FIELD_CODES = new Set(['auth/email-already-in-use', 'auth/invalid-email']);

function AddEmailForm({ selfId, record }: { selfId: string; record: UserRecord | undefined }) {
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string>();
  const form = useForm<AddEmailFormInput, unknown, AddEmailFormValues>({
    resolver: valibotResolver(addEmailFormSchema),
    defaultValues: { email: '', password: '', confirmPassword: '' },
  });
  const { formState } = form;

  const onSubmit = async ({ email, password }: AddEmailFormValues) => {
    setFailure(undefined);
    try {
      if (!record) throw new Error('The profile could not be read');
      await completeEmailAddition(record, email, password);
      navigate(verifyEmailPath(selfId), { replace: true });
    } catch (error) {
      const code = firebaseErrorCode(error);
      const refusal =
        error instanceof ProfileIncomplete
          ? m.accounts_add_email_incomplete()
          : (phoneRefusal(error)?.message ?? (await apiErrorMessage(error, m.accounts_add_failed())));
      if (code && EMAIL_FIELD_CODES.has(code)) form.setError('email', { message: refusal });
      else setFailure(refusal);
      throw error; // keeps isSubmitSuccessful false
    }
  };

  const busy = formState.isSubmitting || formState.isSubmitSuccessful;
  return (
    <AuthShell title={m.accounts_add_email_title()} subtitle={m.accounts_add_email_subtitle()}>
      <AuthForm form={form} onSubmit={onSubmit}>
        <Notice tone="error" message={failure} />
        <EmailField />
        <NewPasswordFields
          label={m.accounts_password()}
          confirmLabel={m.accounts_confirm_password()}
          hint={m.accounts_password_hint()}
        />
        <Button type="submit" block disabled={busy}>
          {busy ? m.accounts_sending() : m.accounts_add_email_button()}
        </Button>
        <PhoneFormFooter to={profilePath(selfId)}>{m.accounts_add_back_to_profile()}</PhoneFormFooter>
      </AuthForm>
    </AuthShell>
  );
}
