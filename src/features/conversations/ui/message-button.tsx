import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import * as v from 'valibot';
import { m } from '@/i18n/generated/messages.js';
import { rememberForAfterSignIn, takeActionAfterSignIn } from '@/lib/after-sign-in';
import { apiErrorMessage } from '@/lib/api-client';
import { readSession } from '@/lib/session-cookies';
import { isUnreachable } from '@/lib/viewed-records/with-offline-copy';
import { viewerNow } from '@/lib/viewed-records/viewer';
import { Button } from '@/ui/button';
import type { RequestButtonProps } from '@/ui/request-slots';
import { startConversation } from '../api/start-conversation';

/** What the button reads of a conversation kept on the phone, checked: the copy may be another version's. */
const knownConversationShape = v.object({
  _id: v.string(),
  role: v.string(),
  listing: v.object({ kind: v.string(), _id: v.string() }),
});

/** The conversations in the list's copy on this phone (what the list page last read), if any. */
async function knownConversations(): Promise<v.InferOutput<typeof knownConversationShape>[]> {
  const db = await import('@/lib/viewed-records/viewed-records-db');
  const copy = await db.getViewedRecord(viewerNow(), 'conversations');
  const list = v.safeParse(v.array(knownConversationShape), copy?.data);
  return list.success ? list.output : [];
}

/**
 * "Message the landlord" / "Message the provider" (issue 42, point 1): starts the conversation about this listing (or
 * finds the one the person has) and opens it. A conversation must exist on the server before a message can wait in
 * the outbox, so offline it opens one this phone already knows, and otherwise says a connection is needed. Signed
 * out, it leads to sign-in and back, where it carries on (src/lib/after-sign-in.ts); the owner does not see it.
 */
export function MessageButtonView({ target }: RequestButtonProps) {
  const { listingId, ownerId } = target;
  const listingKind = target.kind === 'service' ? 'service' : 'rent';
  const navigate = useNavigate();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string>();
  const selfId = readSession()?.userId;
  const here = `${location.pathname}${location.search}`;

  const open = async () => {
    setBusy(true);
    setProblem(undefined);
    try {
      const conversation = await startConversation(listingKind, listingId);
      navigate(`/main/messages/${encodeURIComponent(conversation._id)}`);
    } catch (error) {
      const known = isUnreachable(error)
        ? (await knownConversations().catch(() => [])).find(
            (conversation) =>
              conversation.role === 'starter' &&
              conversation.listing.kind === listingKind &&
              conversation.listing._id === listingId,
          )
        : undefined;
      if (known) {
        navigate(`/main/messages/${encodeURIComponent(known._id)}`);
        return;
      }
      setBusy(false);
      setProblem(
        isUnreachable(error)
          ? m.conversations_needs_connection()
          : await apiErrorMessage(error, m.conversations_start_failed()),
      );
    }
  };

  // Back from signing in after tapping as a visitor: the conversation opens.
  useEffect(() => {
    if (!selfId) return;
    const asked = takeActionAfterSignIn(
      here,
      (action) => action.type === 'message' && action.kind === listingKind && action.listingId === listingId,
    );
    if (asked) void Promise.resolve().then(open);
    // Once, as the button appears for the person signed in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (selfId && ownerId === selfId) return null;

  const onClick = () => {
    if (!selfId) {
      rememberForAfterSignIn(here, { type: 'message', kind: listingKind, listingId });
      navigate('/auth/login', { state: { from: here } });
      return;
    }
    void open();
  };
  return (
    <span className="message-button-slot">
      <Button block variant="secondary" onClick={onClick} disabled={busy}>
        {busy
          ? m.conversations_opening()
          : listingKind === 'service'
            ? m.conversations_message_provider()
            : m.conversations_message_landlord()}
      </Button>
      {problem ? (
        <span className="notice notice--info" role="status">
          {problem}
        </span>
      ) : null}
    </span>
  );
}
