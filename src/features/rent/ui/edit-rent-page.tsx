import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { m } from '@/i18n/generated/messages.js';
import { isAbortError } from '@/lib/api-client';
import { useSelfId } from '@/lib/signed-in';
import { ButtonLink } from '@/ui/button';
import { SpinnerScreen } from '@/ui/spinner';
import { fetchRentPostDetails, RentPostNotFound } from '../api/rent-post-details';
import { AddRentPage, type EditedRentAd } from './add-rent-page';
import './rent.css';

type Loaded =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'loaded'; ad: EditedRentAd; posterId: string };

/**
 * /main/edit-rent/{id}: the poster changes their ad in the add form (issue 21). The ad is read as its details page
 * reads it: from the server, or offline from the phone (the copy last opened, or the list's mirror), so an ad can
 * be edited in airplane mode and the edit waits in the outbox.
 */
export function EditRentPage() {
  const { id = '' } = useParams();
  const selfId = useSelfId();
  const [state, setState] = useState<Loaded>({ status: 'loading' });

  useEffect(() => {
    const controller = new AbortController();
    fetchRentPostDetails(id, controller.signal).then(
      ({ post }) => {
        const { user, ...ad } = post;
        setState({ status: 'loaded', ad, posterId: user._id });
      },
      (error: unknown) => {
        if (isAbortError(error)) return;
        console.error('Could not load the ad to edit', error);
        setState({
          status: 'error',
          message: error instanceof RentPostNotFound ? m.rent_details_not_found() : m.rent_details_load_failed(),
        });
      },
    );
    return () => controller.abort();
  }, [id]);

  if (state.status === 'loading') return <SpinnerScreen label={m.rent_loading_details()} />;
  if (state.status === 'error' || state.posterId !== selfId) {
    return (
      <section className="rent-page rent-details__error">
        <p className="notice notice--error" role="alert">
          {state.status === 'error' ? state.message : m.rent_edit_not_yours()}
        </p>
        <ButtonLink to={`/main/view-rent/${encodeURIComponent(id)}`} variant="secondary">
          {m.rent_edit_back_to_ad()}
        </ButtonLink>
      </section>
    );
  }
  return <AddRentPage key={state.ad._id} editing={state.ad} />;
}
