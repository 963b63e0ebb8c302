import { valibotResolver } from '@hookform/resolvers/valibot';
import { useAtomValue, useSetAtom } from 'jotai';
import { HTTPError } from 'ky';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { OTP_RESEND_WAIT_MS, OTP_TTL_MS, REDIRECT_AFTER_OTP_MS } from '@/domain/constants';
import { otpFormSchema, type OtpFormValues, type OtpStatus } from '@/domain/otp';
import type { ApiEnvelope } from '@/domain/user';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { TextField } from '@/ui/form-field';
import { Notice } from '@/ui/notice';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { fetchOtpStatus, generateOtp, validateOtp } from '../api/otp';
import { justVerifiedUserIdAtom, sessionAtom } from '../session/session-atoms';
import { AuthForm } from './auth-form';
import { AuthShell } from './auth-shell';

/** Where a verified person goes: into the app (issue 24, point 7), not back to the landing page. */
export const AFTER_VERIFICATION_PATH = '/main/rent';
export const ACTIVE_CODE_MESSAGE = 'We sent a code to your email. Enter it below.';
export const ALREADY_VERIFIED_TEXT = 'Your account is already verified.';

/**
 * A sent code, remembered for this tab: on Android, switching to the mail app often reloads the page, and the
 * code box must still be there when the person comes back, even before (or without) the server's answer. The
 * server's status (GET /user/otp-status/{id}) has the last word once it arrives.
 */
interface SentCode {
  resendAt: number;
  expiresAt: number;
}
const sentCodeKey = (userId: string) => `basha.otpSent.${userId}`;

function readSentCode(userId: string): SentCode | undefined {
  try {
    const saved = JSON.parse(sessionStorage.getItem(sentCodeKey(userId)) ?? 'null') as SentCode | null;
    return saved && typeof saved.expiresAt === 'number' && saved.expiresAt > Date.now() ? saved : undefined;
  } catch {
    return undefined;
  }
}

function rememberSentCode(userId: string, code: SentCode | undefined): void {
  try {
    if (code) sessionStorage.setItem(sentCodeKey(userId), JSON.stringify(code));
    else sessionStorage.removeItem(sentCodeKey(userId));
  } catch {
    // Storage refused (private mode): the server's status still restores the page.
  }
}

/** Seconds left until `until`, ticking every second; 0 once passed. */
function useSecondsLeft(until: number | undefined): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === undefined) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [until]);
  return until === undefined ? 0 : Math.max(0, Math.ceil((until - now) / 1000));
}

/** The message of a refused code, and the field's own error when the server gave one ("Invalid OTP. 4 tries left."). */
async function readRefusal(error: unknown): Promise<{ message: string; fieldError?: string }> {
  const message = await apiErrorMessage(error, 'Invalid OTP.');
  if (!(error instanceof HTTPError)) return { message };
  try {
    const body = (await error.response.clone().json()) as Partial<ApiEnvelope<unknown>>;
    const fieldError = body.errors?.otp?.[0];
    return fieldError ? { message, fieldError } : { message };
  } catch {
    return { message };
  }
}

export function OtpValidatePage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const session = useAtomValue(sessionAtom);
  const setJustVerified = useSetAtom(justVerifiedUserIdAtom);
  const ownsPage = session.status === 'signed-in' && session.userId === id;
  const [sentCode] = useState(() => readSentCode(id));
  const [codeSent, setCodeSent] = useState(sentCode !== undefined);
  const [resendAt, setResendAt] = useState(sentCode?.resendAt);
  // Until the server has said whether a code is out, "Send OTP" waits (it would only meet "Please wait").
  const [statusKnown, setStatusKnown] = useState(false);
  const [statusVersion, setStatusVersion] = useState(0);
  const [sending, setSending] = useState(false);
  const [verified, setVerified] = useState(false);
  const [responseMessage, setResponseMessage] = useState<{ ok: boolean; text: string } | undefined>(
    sentCode ? { ok: true, text: ACTIVE_CODE_MESSAGE } : undefined,
  );
  const secondsLeft = useSecondsLeft(resendAt);
  const form = useForm<OtpFormValues>({ resolver: valibotResolver(otpFormSchema), defaultValues: { otp: '' } });
  const { setError, clearErrors, formState } = form;

  const keepSentCode = (code: SentCode | undefined) => rememberSentCode(id, code);

  // Asks the server what it knows: on arrival, and after a refusal that may mean the page is out of date.
  useEffect(() => {
    if (!ownsPage) return;
    const controller = new AbortController();
    const apply = (status: OtpStatus) => {
      const now = Date.now();
      setStatusKnown(true);
      if (status.isVerified) {
        keepSentCode(undefined);
        setJustVerified(id);
        setVerified(true);
        setResponseMessage({ ok: true, text: ALREADY_VERIFIED_TEXT });
        setTimeout(() => navigate(AFTER_VERIFICATION_PATH, { replace: true }), REDIRECT_AFTER_OTP_MS);
        return;
      }
      const resendAfter = status.resendInSeconds > 0 ? now + status.resendInSeconds * 1000 : undefined;
      setResendAt(resendAfter);
      setCodeSent(status.codeActive);
      if (status.codeActive) {
        keepSentCode({ resendAt: resendAfter ?? now, expiresAt: now + status.expiresInSeconds * 1000 });
        setResponseMessage((shown) => (shown && !shown.ok ? shown : { ok: true, text: ACTIVE_CODE_MESSAGE }));
      } else {
        keepSentCode(undefined);
        // What this tab remembered is out of date (the code expired or was used up): it no longer says so.
        setResponseMessage((shown) => (shown?.text === ACTIVE_CODE_MESSAGE ? undefined : shown));
      }
    };
    fetchOtpStatus(id, controller.signal).then(apply, () => {
      // Offline or refused: what this tab remembers stands, and Send OTP is offered.
      if (!controller.signal.aborted) setStatusKnown(true);
    });
    return () => controller.abort();
    // keepSentCode and navigate only write state; the status is asked again when statusVersion moves.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ownsPage, id, statusVersion]);

  if (session.status === 'loading') return <SpinnerScreen />;
  if (!ownsPage) {
    return (
      <AuthShell title="Verify your account">
        <p className="notice notice--info">
          Please sign in to the account you want to verify, then come back to this page.
        </p>
        <p className="auth-form__footer">
          <Link to="/auth/login" state={{ from: `/auth/otp-validate/${id}` }}>
            Go to Login
          </Link>
        </p>
      </AuthShell>
    );
  }

  const sendCode = async () => {
    setSending(true);
    setResponseMessage(undefined);
    clearErrors('otp');
    try {
      const message = await generateOtp(id);
      const now = Date.now();
      setCodeSent(true);
      setResendAt(now + OTP_RESEND_WAIT_MS);
      keepSentCode({ resendAt: now + OTP_RESEND_WAIT_MS, expiresAt: now + OTP_TTL_MS });
      setResponseMessage({ ok: true, text: message || 'OTP sent to your email' });
    } catch (error) {
      // A failed send returns to the initial state with resend enabled (accounts spec, section 4), unless the
      // server still has a code out ("Please wait 53 seconds"): the status check below brings its box back.
      setResendAt(undefined);
      setResponseMessage({ ok: false, text: await apiErrorMessage(error, 'Failed to generate OTP.') });
      setStatusVersion((version) => version + 1);
    } finally {
      setSending(false);
    }
  };

  const onSubmit = async ({ otp }: OtpFormValues) => {
    setResponseMessage(undefined);
    try {
      const message = await validateOtp(id, otp);
      keepSentCode(undefined);
      setJustVerified(id);
      setResponseMessage({ ok: true, text: message || 'Account verified successfully' });
      showToast('Account verified successfully', 'success', REDIRECT_AFTER_OTP_MS + 1000);
      setTimeout(() => navigate(AFTER_VERIFICATION_PATH, { replace: true }), REDIRECT_AFTER_OTP_MS);
    } catch (error) {
      const { message, fieldError } = await readRefusal(error);
      // Shown once (issue 24, point 15): a wrong code under the field, with the tries left; anything else
      // (expired, used up, no code) as the page's message, and the page asks the server where things stand.
      if (fieldError) {
        setError('otp', { message: fieldError });
      } else {
        setResponseMessage({ ok: false, text: message });
        setStatusVersion((version) => version + 1);
      }
      throw error;
    }
  };

  const waitBeforeSending = !codeSent && secondsLeft > 0;
  return (
    <AuthShell title="Verify your account" subtitle="We e-mail you a 6-digit code. It is valid for 10 minutes.">
      <div className="auth-form">
        <Notice tone={responseMessage?.ok ? 'success' : 'error'} message={responseMessage?.text} />
        {verified ? null : codeSent ? (
          <AuthForm form={form} onSubmit={onSubmit}>
            <TextField
              name="otp"
              label="Verification code"
              className="field__control otp-input"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              placeholder="••••••"
            />
            <Button type="submit" block disabled={formState.isSubmitting || formState.isSubmitSuccessful}>
              {formState.isSubmitting ? 'Verifying...' : 'Verify'}
            </Button>
            {secondsLeft > 0 ? (
              <p className="countdown" aria-live="polite">
                You can resend the code in {secondsLeft}s
              </p>
            ) : (
              <Button variant="ghost" onClick={() => void sendCode()} disabled={sending}>
                {sending ? 'Sending...' : 'Resend'}
              </Button>
            )}
          </AuthForm>
        ) : (
          <>
            <Button block onClick={() => void sendCode()} disabled={sending || !statusKnown || waitBeforeSending}>
              {sending
                ? 'Sending...'
                : resendAt === undefined && responseMessage && !responseMessage.ok
                  ? 'Resend'
                  : 'Send OTP'}
            </Button>
            {waitBeforeSending ? (
              <p className="countdown" aria-live="polite">
                You can request a new code in {secondsLeft}s
              </p>
            ) : null}
          </>
        )}
      </div>
    </AuthShell>
  );
}
