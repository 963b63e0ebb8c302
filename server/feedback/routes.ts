import { Hono } from 'hono';
import { landingFeedbackSchema } from '../../src/domain/landing-feedback-form';
import { landingFeedback } from '../db/schema';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { idempotent } from '../http/idempotency';
import { rateLimit } from '../http/rate-limit';
import { readJsonBody } from '../http/validate';
import { m } from '../../src/i18n/generated/messages.js';

/** POST /api/v1/feedback: the landing page's feedback form, open to visitors, stored for the team to read. */

// Generous enough for an outbox retrying a message whose answer was lost.
export const FEEDBACK_LIMIT_PER_WINDOW = 10;
export const FEEDBACK_WINDOW_MS = 10 * 60 * 1000;
export const FEEDBACK_THANKS_MESSAGE = (): string => m.server_feedback_thanks();

export function feedbackRoutes(deps: AppDeps) {
  const routes = new Hono();
  routes.post(
    '/',
    // The limit counts outside the idempotent transaction, so a refusal cannot roll its own count back.
    rateLimit(deps, {
      name: 'feedback',
      limit: FEEDBACK_LIMIT_PER_WINDOW,
      windowMs: FEEDBACK_WINDOW_MS,
      message: (wait) => m.server_too_many_feedback(wait),
    }),
    idempotent(
      deps,
      () => 'public',
      async (c, db) => {
        const input = await readJsonBody(c, landingFeedbackSchema);
        const [row] = await db
          .insert(landingFeedback)
          .values({ ...input, email: input.email.toLowerCase(), createdAt: deps.clock.now() })
          .returning({ id: landingFeedback.id });
        return ok(c, FEEDBACK_THANKS_MESSAGE(), { _id: row?.id }, 201);
      },
    ),
  );
  return routes;
}
