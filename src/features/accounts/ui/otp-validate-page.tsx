import { valibotResolver } from '@hookform/resolvers/valibot';
import { useAtomValue, useSetAtom } from 'jotai';
import { HTTPError } from 'ky';
import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { OTP_RESEND_WAIT_MS, OTP_TTL_MS, REDIRECT_AFTER_OTP_MS } from '@/domain/constants';
import { otpFormSchema, type OtpFormValues, type OtpStatus } from '@/domain/otp';
import type { ApiEnvelope } from '@/domain/user';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import { Button } from '@/ui/button';
import { Notice } from '@/ui/notice';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import { fetchOtpStatus, generateOtp, validateOtp } from '../api/otp';
import { justVerifiedUserIdAtom, sessionAtom } from '../session/session-atoms';
import { AuthForm } from './auth-form';
import { AuthShell } from './auth-shell';
import { CodeField } from './code-field';
import { useSecondsLeft } from './use-seconds-left';

/** Where a verified person goes: into the app (issue 24, point 7), not back to the landing page. */
export const AFTER_VERIFICATION_PATH = '/main/rent';

/**
 * The page's message: the server's words (already in the page's language), or one of the page's own, kept as its
 * message function so that the page can tell which one it shows.
 */
interface ShownMessage {
  ok: boolean;
  text: string | (() => string);
}
const activeCodeMessage = m.accounts_otp_active_code;

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

/** The message of a refused code, and the field's own error when the server gave one ("Invalid OTP. 4 tries left."). */
async function readRefusal(error: unknown): Promise<{ message: string; fieldError?: string }> {
  const message = await apiErrorMessage(error, m.accounts_otp_invalid());
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
  const [responseMessage, setResponseMessage] = useState<ShownMessage | undefined>(
    sentCode ? { ok: true, text: activeCodeMessage } : undefined,
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
        setResponseMessage({ ok: true, text: m.accounts_otp_already_verified });
        setTimeout(() => navigate(AFTER_VERIFICATION_PATH, { replace: true }), REDIRECT_AFTER_OTP_MS);
        return;
      }
      const resendAfter = status.resendInSeconds > 0 ? now + status.resendInSeconds * 1000 : undefined;
      setResendAt(resendAfter);
      setCodeSent(status.codeActive);
      if (status.codeActive) {
        keepSentCode({ resendAt: resendAfter ?? now, expiresAt: now + status.expiresInSeconds * 1000 });
        setResponseMessage((shown) => (shown && !shown.ok ? shown : { ok: true, text: activeCodeMessage }));
      } else {
        keepSentCode(undefined);
        // What this tab remembered is out of date (the code expired or was used up): it no longer says so.
        setResponseMessage((shown) => (shown?.text === activeCodeMessage ? undefined : shown));
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
      <AuthShell title={m.accounts_verify_title()}>
        <p className="notice notice--info">{m.accounts_verify_sign_in_first()}</p>
        <p className="auth-form__footer">
          <Link to="/auth/login" state={{ from: `/auth/otp-validate/${id}` }}>
            {m.accounts_go_to_login()}
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
      setResponseMessage({ ok: true, text: message || m.accounts_otp_sent });
    } catch (error) {
      // A failed send returns to the initial state with resend enabled (accounts spec, section 4), unless the
      // server still has a code out ("Please wait 53 seconds"): the status check below brings its box back.
      setResendAt(undefined);
      setResponseMessage({ ok: false, text: await apiErrorMessage(error, m.accounts_otp_send_failed()) });
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
      setResponseMessage({ ok: true, text: message || m.accounts_otp_verified });
      showToast(m.accounts_otp_verified(), 'success', REDIRECT_AFTER_OTP_MS + 1000);
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
  const shownText = typeof responseMessage?.text === 'function' ? responseMessage.text() : responseMessage?.text;
  const seconds = localDigits(String(secondsLeft), getLocale());
  return (
    <AuthShell title={m.accounts_verify_title()} subtitle={m.accounts_verify_subtitle()}>
      <div className="auth-form">
        <Notice tone={responseMessage?.ok ? 'success' : 'error'} message={shownText} />
        {verified ? null : codeSent ? (
          <AuthForm form={form} onSubmit={onSubmit}>
            <CodeField />
            <Button type="submit" block disabled={formState.isSubmitting || formState.isSubmitSuccessful}>
              {formState.isSubmitting ? m.accounts_verifying() : m.accounts_verify_button()}
            </Button>
            {secondsLeft > 0 ? (
              <p className="countdown" aria-live="polite">
                {m.accounts_resend_in({ seconds })}
              </p>
            ) : (
              <Button variant="ghost" onClick={() => void sendCode()} disabled={sending}>
                {sending ? m.accounts_sending() : m.accounts_resend()}
              </Button>
            )}
          </AuthForm>
        ) : (
          <>
            <Button block onClick={() => void sendCode()} disabled={sending || !statusKnown || waitBeforeSending}>
              {sending
                ? m.accounts_sending()
                : resendAt === undefined && responseMessage && !responseMessage.ok
                  ? m.accounts_resend()
                  : m.accounts_send_otp()}
            </Button>
            {waitBeforeSending ? (
              <p className="countdown" aria-live="polite">
                {m.accounts_request_new_in({ seconds })}
              </p>
            ) : null}
          </>
        )}
      </div>
    </AuthShell>
  );
}
