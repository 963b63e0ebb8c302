import { useEffect, useState } from 'react';
import { reportReasonLabel, type HiddenItem } from '@/domain/report';
import { m } from '@/i18n/generated/messages.js';
import { isAbortError } from '@/lib/api-client';
import { fetchHiddenItems } from '../api/moderation-api';
import { REPORT_KIND_NAMES } from './report-kind-names';
import './moderation.css';

/**
 * On the owner's own profile: what moderators hid of theirs, each with "Hidden by a moderator: <reason>". Others
 * no longer see these items at all. Read from the server when online; offline it shows nothing.
 */
export function HiddenItemsView() {
  const [items, setItems] = useState<HiddenItem[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    fetchHiddenItems(controller.signal).then(setItems, (error: unknown) => {
      if (!isAbortError(error)) console.warn('Could not read the hidden items', error);
    });
    return () => controller.abort();
  }, []);
  if (items.length === 0) return null;
  return (
    <section className="card hidden-items" aria-labelledby="hidden-items-title">
      <h2 id="hidden-items-title">{m.moderation_hidden_mine_title()}</h2>
      <p>{m.moderation_hidden_mine_intro()}</p>
      <ul>
        {items.map((item) => (
          <li key={`${item.kind}-${item.targetId}`}>
            {REPORT_KIND_NAMES[item.kind]()}: <span className="hidden-items__label">{item.label}</span>
            <br />
            {m.moderation_hidden_by_moderator({ reason: reportReasonLabel(item.reason) })}
          </li>
        ))}
      </ul>
    </section>
  );
}
