import { HTTPError, TimeoutError } from 'ky';
import { useCallback, useEffect, useState } from 'react';
import type { ServiceRecord } from '@/domain/service';
import type { ServiceCategoryFilter } from '@/domain/service-category';
import { loadAfterPaint } from '@/lib/after-next-paint';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import { keepUnchanged } from '@/lib/keep-unchanged';
import { useMirrorQuery } from '@/lib/mirror/use-mirror-query';
import { useOnline } from '@/lib/use-online';
import type { SavedAt } from '@/ui/offline-banner';
import { getService, onServicesMirrorChanged, queryServices } from '../db/services-db';

// The sync (the network client and the sync's bookkeeping) loads once the page has been painted.
const loadApi = loadAfterPaint(() => import('../api/fetch-services'));
const syncServices = () => loadApi().then((api) => api.syncServices());

/**
 * Pages read services from the device's mirror and ask the server for fresh ones in the background. While
 * the mirror is empty and the refresh runs, `loading`; if the refresh fails, `error` (the mirror, possibly
 * stale, still shows what it has).
 */
interface Mirrored<T> {
  value: T | undefined;
  loading: boolean;
  error: string | undefined;
}

interface RefreshState {
  key: string;
  done: boolean;
  error?: string;
  /** The refresh failed for want of a network (no answer at all, or none in time). */
  noNetwork?: boolean;
  /** The server does not know what was asked for (a 404, or an answer without it). */
  notFound?: boolean;
}

function isNotFound(error: unknown): boolean {
  return (
    (error instanceof HTTPError && error.response.status === 404) ||
    (error instanceof DOMException && error.name === 'NotFoundError')
  );
}

/** `fallback` is read only when a refresh fails, in the language of that moment. */
function useRefresh(key: string, refresh: () => Promise<unknown>, fallback: () => string): RefreshState {
  const [state, setState] = useState<RefreshState>({ key, done: false });
  useEffect(() => {
    let live = true;
    refresh().then(
      () => live && setState({ key, done: true }),
      async (error: unknown) => {
        const message = await apiErrorMessage(error, fallback());
        const failure = { error: message, noNetwork: isNetworkFailure(error), notFound: isNotFound(error) };
        if (live) setState({ key, done: true, ...failure });
      },
    );
    return () => {
      live = false;
    };
    // `refresh` is rebuilt each render; `key` names what it fetches.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  return state.key === key ? state : { key, done: false };
}

function isNetworkFailure(error: unknown): boolean {
  return (
    error instanceof TypeError ||
    error instanceof TimeoutError ||
    (error instanceof DOMException && (error.name === 'NetworkError' || error.name === 'AbortError'))
  );
}

export interface CategoryServices extends Mirrored<StoredList> {
  /** No network: the browser says so, or the last sync got no answer. The list is what the mirror saved. */
  offline: boolean;
  /** When the mirror was last synced (epoch ms); null if never; undefined while that is read. */
  savedAt: SavedAt;
  /** True while a sync started by `refresh` (or by the network returning) runs. */
  refreshing: boolean;
  /** Syncs the mirror again. */
  refresh: () => void;
}

/**
 * One category's services from the mirror, while the whole mirror syncs (a delta after the first time). It
 * syncs again when the network returns and on `refresh`. `firstRead`: the category's services as the route
 * read them ahead, shown until the mirror answers.
 */
export function useCategoryServices(category: ServiceCategoryFilter, firstRead?: StoredList): CategoryServices {
  // The route loader asked queryServices the same question. The mirror's answers keep the service objects already
  // shown where unchanged: memoized cards skip them.
  const mirror = useMirrorQuery({
    subscribe: onServicesMirrorChanged,
    key: category,
    read: () => queryServices({ category }),
    initial: firstRead,
    keep: keepUnchanged,
  });
  const savedAt = useServicesSavedAt();
  const online = useOnline();
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((current) => current + 1), []);
  useEffect(() => {
    const onOnline = () => refresh();
    window.addEventListener('online', onOnline);
    return () => window.removeEventListener('online', onOnline);
  }, [refresh]);
  const sync = useRefresh(`services-sync:${round}`, syncServices, () => m.services_fetch_failed());
  return {
    ...combine(mirror, sync),
    offline: !online || Boolean(sync.noNetwork),
    savedAt,
    refreshing: round > 0 && !sync.done,
    refresh,
  };
}

export function useProviderServices(providerId: string): Mirrored<StoredList> {
  const mirror = useMirrorQuery({
    subscribe: onServicesMirrorChanged,
    key: providerId,
    read: () => queryServices({ providerId }),
  });
  const refresh = useRefresh(
    `provider:${providerId}`,
    () => loadApi().then((api) => api.refreshProfessionalProfiles(providerId)),
    () => m.services_profiles_failed(),
  );
  return combine(mirror, refresh);
}

export function useService(serviceId: string): Mirrored<ServiceRecord> & { notFound: boolean } {
  const mirror = useMirrorQuery({
    subscribe: onServicesMirrorChanged,
    key: serviceId,
    read: () => getService(serviceId),
  });
  const refresh = useRefresh(
    `service:${serviceId}`,
    () => loadApi().then((api) => api.refreshService(serviceId)),
    () => m.services_data_not_found(),
  );
  const combined = combine(mirror, refresh);
  return { ...combined, notFound: refresh.done && !mirror.value && Boolean(refresh.notFound) };
}

type StoredList = ServiceRecord[];

/**
 * When the mirror was last synced (epoch ms), null if never, undefined until read; follows every sync stored, here
 * or elsewhere.
 */
function useServicesSavedAt(): SavedAt {
  const [savedAt, setSavedAt] = useState<SavedAt>();
  useEffect(() => {
    let live = true;
    const stop = onServicesMirrorChanged((change) => {
      if ('savedAt' in change) setSavedAt((current) => change.savedAt ?? current);
    });
    loadApi()
      .then((api) => api.readServicesSavedAt())
      .then(
        // A sync that answered meanwhile knows better.
        (at) => live && setSavedAt((current) => current ?? at ?? null),
        () => undefined,
      );
    return () => {
      live = false;
      stop();
    };
  }, []);
  return savedAt;
}

function combine<T>(
  mirror: { value: T | undefined; loaded: boolean },
  refresh: { done: boolean; error?: string | undefined },
): Mirrored<T> {
  const empty = mirror.value === undefined || (Array.isArray(mirror.value) && mirror.value.length === 0);
  return {
    value: mirror.value,
    loading: !mirror.loaded || (empty && !refresh.done),
    error: refresh.error,
  };
}
