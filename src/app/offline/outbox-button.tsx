import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { onePhotoUploadText, type OnePhotoKind } from '@/domain/one-photo-upload';
import { outboxPhotoText, savedPhotoProgress } from '@/domain/upload-progress';
import { localDigits } from '@/i18n/digits';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { discardOutboxItem, holdForEditing, retryOutbox, sendAsItIs } from '@/lib/outbox/outbox';
import { isOutboxItemOf, type StoredOutboxItem } from '@/lib/outbox/outbox-db';
import { useOutboxItems } from '@/lib/outbox/use-outbox-items';
import { useOnePhotoProgress, useUploadProgress } from '@/lib/outbox/use-upload-progress';
import { useOnline } from '@/lib/use-online';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { WaitingBadge } from '@/ui/waiting-badge';
import { outboxEditPath } from './outbox-kinds';
import './outbox.css';

/**
 * The header's outbox badge: how many posts wait on this phone. It opens the list of them, each with its
 * state; one not yet being sent can be edited or discarded (a refused one shows the server's reason); Retry sends
 * the queue now.
 */
export function OutboxButton() {
  const items = useOutboxItems();
  const [open, setOpen] = useState(false);
  if (items.length === 0 && !open) return null;
  const failed = items.filter((item) => item.status === 'failed').length;
  const count = localDigits(String(items.length), getLocale());
  return (
    <>
      <button
        type="button"
        className={failed ? 'outbox-button outbox-button--failed' : 'outbox-button'}
        onClick={() => setOpen(true)}
        aria-label={m.app_outbox_button_label({ count: items.length, n: count })}
      >
        <OutboxIcon />
        {items.length > 0 ? (
          <span className="outbox-button__count" data-testid="outbox-count">
            {count}
          </span>
        ) : null}
      </button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        title={m.app_outbox_title()}
        subtitle={m.app_outbox_subtitle()}
      >
        <OutboxList items={items} onNavigate={() => setOpen(false)} />
      </Dialog>
    </>
  );
}

function OutboxList({ items, onNavigate }: { items: StoredOutboxItem[]; onNavigate: () => void }) {
  const navigate = useNavigate();
  const online = useOnline();
  const [retrying, setRetrying] = useState(false);
  if (items.length === 0) return <p className="outbox-list__empty">{m.app_outbox_empty()}</p>;

  const retry = async () => {
    setRetrying(true);
    await retryOutbox().finally(() => setRetrying(false));
  };
  return (
    <div className="outbox-list">
      {!online ? <p className="notice notice--info">{m.app_outbox_offline()}</p> : null}
      <ul className="outbox-list__items">
        {items.map((item) => (
          <li key={item.id} className="outbox-item">
            <div className="outbox-item__head">
              <span className="outbox-item__label">{item.label}</span>
              <WaitingBadge status={item.status} />
            </div>
            {isOutboxItemOf(item, 'rent-ad') && item.status !== 'failed' ? <PhotoProgressNote item={item} /> : null}
            {item.status === 'sending' && item.files.length > 0 ? (
              <OnePhotoProgressNote itemId={item.id} kind={ONE_PHOTO_KINDS[item.kind]} />
            ) : null}
            {item.status === 'failed' ? (
              <p className="outbox-item__reason" role="alert">
                {item.lastError}
              </p>
            ) : item.status === 'held' ? (
              <p className="outbox-item__note">{m.app_outbox_held_note()}</p>
            ) : item.status === 'waiting' && item.lastError && item.attempts > 0 ? (
              <p className="outbox-item__note">{m.app_outbox_last_try({ reason: item.lastError })}</p>
            ) : null}
            {/* Until an attempt starts, a post is still the person's to change or drop (issue 24, point 12). */}
            {/* One this version cannot read can only be discarded (its reason says so). */}
            {item.status !== 'sending' ? (
              <OutboxItemActions
                itemId={item.id}
                held={item.status === 'held'}
                editPath={item.readable ? outboxEditPath(item) : undefined}
                onEdit={(path) => {
                  onNavigate();
                  navigate(path);
                }}
              />
            ) : null}
          </li>
        ))}
      </ul>
      {/* Offline, Retry could only fail: the posts go by themselves when the connection returns. */}
      <Button block onClick={() => void retry()} disabled={retrying || !online}>
        {retrying ? m.app_outbox_sending() : m.app_outbox_retry()}
      </Button>
    </div>
  );
}

/**
 * Edit takes the post out of the queue first (held), so it cannot be sent while its form is open and then again as
 * the edit; "Send as it is" puts a held post back. Neither is offered once an attempt has started.
 */
function OutboxItemActions({
  itemId,
  held,
  editPath,
  onEdit,
}: {
  itemId: number;
  held: boolean;
  editPath: string | undefined;
  onEdit: (path: string) => void;
}) {
  const edit = async (path: string) => {
    if (await holdForEditing(itemId)) onEdit(path);
  };
  return (
    <div className="outbox-item__actions">
      {editPath ? (
        <Button variant="secondary" onClick={() => void edit(editPath)}>
          {m.app_outbox_edit()}
        </Button>
      ) : null}
      {held ? (
        <Button variant="secondary" onClick={() => void sendAsItIs(itemId)}>
          {m.app_outbox_send_as_is()}
        </Button>
      ) : null}
      <Button variant="ghost" onClick={() => void discardOutboxItem(itemId)}>
        {m.app_outbox_discard()}
      </Button>
    </div>
  );
}

/** A rent ad's photos: live while this tab sends them, else what earlier attempts already sent. */
function PhotoProgressNote({ item }: { item: StoredOutboxItem }) {
  const live = useUploadProgress(item.id);
  const online = useOnline();
  const text = outboxPhotoText(
    item.status === 'sending',
    live ?? savedPhotoProgress(item.progress, item.files.length),
    online,
  );
  return text ? (
    <p className="outbox-item__note" role="status">
      {text}
    </p>
  ) : null;
}

/** The kinds that carry one photo (a cover, a profile photo), and how its progress is worded. */
const ONE_PHOTO_KINDS: Partial<Record<StoredOutboxItem['kind'], OnePhotoKind>> = {
  'service-offer': 'cover',
  'service-edit': 'cover',
  'profile-edit': 'profile',
};

/** A post's one photo while this tab sends it: "Uploading the cover photo... 42%". */
function OnePhotoProgressNote({ itemId, kind }: { itemId: number; kind: OnePhotoKind | undefined }) {
  const live = useOnePhotoProgress(kind ? itemId : undefined);
  const online = useOnline();
  return live && kind ? (
    <p className="outbox-item__note" role="status">
      {onePhotoUploadText(kind, live, online)}
    </p>
  ) : null;
}

function OutboxIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        d="M12 15V3m0 0L8 7m4-4 4 4M4 13v5a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-5"
      />
    </svg>
  );
}
