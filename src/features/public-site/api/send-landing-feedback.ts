import type { LandingFeedback } from '@/domain/landing-feedback-form';
import type { ApiEnvelope } from '@/domain/user';
import { api } from '@/lib/api-client';

/** POST /feedback: the landing and contact pages' message to the Basha team. */
export async function sendLandingFeedback(feedback: LandingFeedback): Promise<string> {
  const body = await api.post('feedback', { json: feedback }).json<ApiEnvelope<{ _id: string }>>();
  return body.message;
}
