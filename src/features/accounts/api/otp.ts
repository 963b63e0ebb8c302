import type { OtpStatus } from '@/domain/otp';
import type { ApiEnvelope } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { api } from '@/lib/api-client';

/** PATCH /user/generate-otp/{id}: e-mails a new 6-digit code. */
export async function generateOtp(userId: string): Promise<string> {
  const body = await api.patch(`user/generate-otp/${encodeURIComponent(userId)}`).json<ApiEnvelope<unknown>>();
  return body.message;
}

/** POST /user/validate-otp/{id}: verifies the account with the code. */
export async function validateOtp(userId: string, otp: string): Promise<string> {
  const body = await api
    .post(`user/validate-otp/${encodeURIComponent(userId)}`, { json: { otp } })
    .json<ApiEnvelope<unknown>>();
  return body.message;
}

/** GET /user/otp-status/{id}: whether a code is out, for how long, and when another may be sent. */
export async function fetchOtpStatus(userId: string, signal?: AbortSignal): Promise<OtpStatus> {
  const body = await api
    .get(`user/otp-status/${encodeURIComponent(userId)}`, { signal })
    .json<ApiEnvelope<OtpStatus>>();
  if (!body.data) throw new Error(m.accounts_otp_status_unreadable());
  return body.data;
}
