import type { MessageRecord } from './conversation';
import type { RequestStatus } from './request-constants';

/**
 * What the event stream (`GET /api/v1/events`, server-sent events) tells a signed-in person, each as one event whose
 * `id` resumes the stream (Last-Event-ID) and whose data is one of these. An event names what changed; a page that
 * needs more reads it again through the API.
 */
export type UserEvent =
  /** A message in one of the person's conversations, as they may read it (masked, with warnings). */
  | { type: 'message'; conversationId: string; message: MessageRecord }
  /** Something else of a conversation changed: read marks, a shared number, a block. */
  | { type: 'conversation'; conversationId: string }
  /** One of the person's requests was made or moved. */
  | { type: 'request'; requestId: string; status: RequestStatus };

export type UserEventType = UserEvent['type'];

/** The stream's one event name, which the app listens for. */
export const USER_EVENT_NAME = 'basha';
