import { m } from '@/i18n/generated/messages.js';
import { api } from '../api-client';
import type { OutboxSender } from '../outbox/outbox-senders';

/**
 * The outbox's sender for a heart toggled on a listing: `PUT` or `DELETE /saved/{kind}/{id}`. Both are idempotent
 * on the server, so a retry after a lost answer, or the service worker sending what a tab already sent, changes
 * nothing. Runs in the service worker too (no window, no document).
 */
export const sendSavedToggle: OutboxSender<'saved'> = async (item) => {
  const { kind, id, saved } = item.payload;
  const path = `saved/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`;
  if (saved) await api.put(path);
  else await api.delete(path);
  return { message: saved ? m.saved_saved_toast() : m.saved_removed_toast() };
};
