import * as v from 'valibot';
import { editProfileDefaults, editProfileSchema } from '@/domain/profile-form';
import type { ApiEnvelope, UserRecord } from '@/domain/user';
import { api, bearer } from '@/lib/api-client';

/**
 * POST /user/verify-phone/{id} with a fresh Firebase ID token that holds the number just linked (issue 40): the
 * person's record then says phoneVerified. Answers the record and the server's words ("Phone number verified.").
 * Refusals (the number is another account's, the token holds none, not a Bangladesh mobile) are 4xx with the
 * server's message.
 */
export async function verifyPhone(
  userId: string,
  firebaseIdToken: string,
): Promise<{ message: string; user: UserRecord | undefined }> {
  const body = await api
    .post(`user/verify-phone/${encodeURIComponent(userId)}`, { headers: bearer(firebaseIdToken) })
    .json<ApiEnvelope<UserRecord>>();
  return { message: body.message, user: body.data };
}

/**
 * The profile edit that adds an e-mail to an account made with a phone number (PATCH /user/update-details/{id}, which
 * takes the whole profile): the record as it is, with the address. Undefined when the stored record does not pass
 * the edit form's rules, which the person then fixes on the edit page first.
 */
export function profileWithEmail(user: UserRecord, email: string): v.InferOutput<typeof editProfileSchema> | undefined {
  const parsed = v.safeParse(editProfileSchema, { ...editProfileDefaults(user), email });
  return parsed.success ? parsed.output : undefined;
}

export async function saveProfile(
  userId: string,
  values: v.InferOutput<typeof editProfileSchema>,
): Promise<UserRecord> {
  const body = await api
    .patch(`user/update-details/${encodeURIComponent(userId)}`, { json: values })
    .json<ApiEnvelope<UserRecord>>();
  if (!body.data) throw new Error(body.message);
  return body.data;
}
