import { useEffect, useState, type ComponentType } from 'react';
import { Link } from 'react-router-dom';
import * as v from 'valibot';
import { formatPostedDate, formatTaka } from '@/i18n/format';
import { addressWithPlace } from '@/domain/places/place-display';
import { rentAdTitle, rentPerFrequency } from '@/domain/rent-post';
import { SAVED_KINDS, type SavedKind } from '@/domain/saved';
import { savedRentRecordSchema, savedServiceRecordSchema } from '@/domain/saved-sync';
import { serviceCategoryName, parseServiceCategory } from '@/domain/service-category';
import { genitive } from '@/i18n/case-endings';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { listSavedRows, type SavedRow } from '@/lib/saved/saved-db';
import { useSavedKeys } from '@/lib/saved/saved-state';
import { useSelfId } from '@/lib/signed-in';
import { Button, ButtonLink } from '@/ui/button';
import { SaveHeart } from '@/ui/save-heart';
import { SpinnerScreen } from '@/ui/spinner';
import { showToast } from '@/ui/toast/toast-atoms';
import './saved.css';

/**
 * /main/saved: the rent ads and services the person saved, read from the phone (src/lib/saved/), so the page opens in
 * airplane mode, photos included (the service worker answers them from the saved photo cache). The account's list
 * is merged in by the sync at start and sign-in; the hearts here unsave, and an unsaved item leaves the page. An item
 * whose listing went away (the sync or its details page said so) stays, marked no longer available, until removed.
 */
export function SavedPage() {
  const selfId = useSelfId();
  const keys = useSavedKeys();
  const [rows, setRows] = useState<SavedRow[]>();

  // Read again whenever the saved set changes (a heart here, a sync, another tab).
  useEffect(() => {
    let current = true;
    listSavedRows(selfId).then(
      (read) => current && setRows(read),
      (error: unknown) => {
        console.error('Saved items could not be read', error);
        if (current) setRows([]);
      },
    );
    return () => {
      current = false;
    };
  }, [selfId, keys]);

  if (!rows || !keys) return <SpinnerScreen label={m.saved_loading()} />;
  const shown = rows.filter((row) => keys.has(row.key));
  return (
    <section className="page saved-page" aria-labelledby="saved-title">
      <h1 id="saved-title" className="saved-page__title">
        {m.saved_title()}
      </h1>
      <p className="text-muted saved-page__intro">{m.saved_intro()}</p>
      {shown.length === 0 ? (
        <div className="empty-panel">
          <p>{m.saved_empty()}</p>
          <div className="saved-page__actions">
            <ButtonLink to="/main/rent">{m.saved_find_rent()}</ButtonLink>
            <ButtonLink to="/main/find-service/all" variant="secondary">
              {m.saved_find_services()}
            </ButtonLink>
          </div>
        </div>
      ) : null}
      {SAVED_KINDS.map((kind) => (
        <SavedSection key={kind} kind={kind} rows={shown.filter((row) => row.kind === kind)} />
      ))}
    </section>
  );
}

/** Each kind's section of the page, in SAVED_KINDS order: its heading and how one of its items shows. */
const SECTIONS: Record<
  SavedKind,
  { headingId: string; heading: () => string; Item: ComponentType<{ row: SavedRow }> }
> = {
  rent: { headingId: 'saved-rent', heading: () => m.saved_section_rent(), Item: SavedRentItem },
  service: { headingId: 'saved-services', heading: () => m.saved_section_services(), Item: SavedServiceItem },
};

function SavedSection({ kind, rows }: { kind: SavedKind; rows: SavedRow[] }) {
  if (rows.length === 0) return null;
  const { headingId, heading, Item } = SECTIONS[kind];
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="section-title">
        {heading()}
      </h2>
      <ul className="saved-grid">
        {rows.map((row) => (
          <Item key={row.key} row={row} />
        ))}
      </ul>
    </section>
  );
}

function SavedRentItem({ row }: { row: SavedRow }) {
  const checked = v.safeParse(savedRentRecordSchema, row.record);
  if (!checked.success) return null;
  const post = checked.output;
  const locale = getLocale();
  const title = rentAdTitle(post, locale);
  const photo = post.thumbnailUrls[0] ?? post.imageUrls[0];
  return (
    <SavedItem
      to={`/main/view-rent/${encodeURIComponent(row.id)}`}
      photo={photo}
      photoAlt={m.saved_photo_alt({ label: title, labelOf: genitive(title, locale) })}
      heading={title}
      detail={
        post.place
          ? addressWithPlace(post.addressLine, post.place, locale)
          : [post.addressLine, post.city].filter(Boolean).join(', ')
      }
      price={`${formatTaka(post.cost)}/${rentPerFrequency(post.rentPaymentFrequency)}`}
      row={row}
      title={title}
    />
  );
}

function SavedServiceItem({ row }: { row: SavedRow }) {
  const checked = v.safeParse(savedServiceRecordSchema, row.record);
  if (!checked.success) return null;
  const service = checked.output;
  const known = parseServiceCategory(service.category);
  const category = known === undefined ? service.category : serviceCategoryName(known);
  const heading = m.saved_service_title({ category, provider: service.provider.name });
  return (
    <SavedItem
      to={`/main/prof-profile/${encodeURIComponent(service.provider._id)}`}
      photo={service.coverThumbnail ?? service.coverImage ?? undefined}
      photoAlt={m.saved_photo_alt({ label: heading, labelOf: genitive(heading, getLocale()) })}
      heading={heading}
      detail={service.addressLine}
      price={`${formatTaka(service.minimumPrice)} - ${formatTaka(service.maximumPrice)}`}
      row={row}
      title={`${category}, ${service.provider.name}`}
    />
  );
}

function SavedItem({
  to,
  photo,
  photoAlt,
  heading,
  detail,
  price,
  row,
  title,
}: {
  to: string;
  photo: string | undefined;
  photoAlt: string;
  heading: string;
  detail: string;
  price: string;
  row: SavedRow;
  title: string;
}) {
  const content = (
    <>
      <div className="saved-item__photo">
        {photo ? <img src={photo} alt={photoAlt} width={480} height={360} loading="lazy" decoding="async" /> : null}
      </div>
      <div className="saved-item__body">
        {row.gone ? <p className="saved-item__gone">{m.saved_gone()}</p> : null}
        <h3 className="saved-item__heading">{heading}</h3>
        <p className="saved-item__detail">{detail}</p>
        <p className="saved-item__price">
          <strong>{price}</strong>
        </p>
        <p className="text-muted saved-item__when">
          {m.saved_saved_on({ date: formatPostedDate(new Date(row.savedAt).toISOString()) })}
        </p>
      </div>
    </>
  );
  // A listing that went away opens to nothing: no link, a word saying so, and a way to take it off the list.
  if (row.gone) {
    return (
      <li className="saved-item saved-item--gone card">
        {content}
        <div className="saved-item__gone-actions">
          <p className="text-muted">{m.saved_gone_hint()}</p>
          <RemoveSavedButton row={row} title={title} />
        </div>
      </li>
    );
  }
  return (
    <li className="saved-item card save-heart-host">
      <Link to={to} className="saved-item__link">
        {content}
      </Link>
      <SaveHeart kind={row.kind} id={row.id} record={row.record} title={title} className="save-heart--overlay" />
    </li>
  );
}

/** Unsaves a gone item as its heart would (the outbox takes it to the account; the item leaves the page at once). */
function RemoveSavedButton({ row, title }: { row: SavedRow; title: string }) {
  const [busy, setBusy] = useState(false);
  const onRemove = async () => {
    setBusy(true);
    try {
      const { toggleSaved } = await import('@/lib/saved/toggle-saved');
      const outcome = await toggleSaved({
        kind: row.kind,
        id: row.id,
        ownerId: row.ownerId,
        saved: false,
        record: row.record,
        label: title,
      });
      if (outcome.type === 'refused' || outcome.type === 'not-saved') showToast(outcome.message, 'error');
    } catch (error) {
      console.error('The saved item could not be removed', error);
      showToast(m.saved_not_kept(), 'error');
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="secondary"
      aria-label={m.saved_remove_label({ title })}
      aria-busy={busy || undefined}
      disabled={busy}
      onClick={() => void onRemove()}
    >
      {m.saved_remove()}
    </Button>
  );
}
