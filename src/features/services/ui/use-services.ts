import { useEffect, useMemo, useState } from 'react';
import type { ServiceRecord } from '@/domain/service';
import type { ServiceCategoryFilter } from '@/domain/service-category';
import { apiErrorMessage } from '@/lib/api-client';
import { refreshProfessionalProfiles, refreshService, refreshServices } from '../api/fetch-services';
import { serviceById, servicesOfCategory, servicesOfProvider } from '../db/services-db';
import { useLiveQuery } from '@/lib/use-live-query';

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

function useRefresh(key: string, refresh: () => Promise<unknown>, fallback: string) {
  const [state, setState] = useState<{ key: string; done: boolean; error?: string }>({ key, done: false });
  useEffect(() => {
    let live = true;
    refresh().then(
      () => live && setState({ key, done: true }),
      async (error: unknown) => {
        const message = await apiErrorMessage(error, fallback);
        if (live) setState({ key, done: true, error: message });
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

export function useCategoryServices(category: ServiceCategoryFilter): Mirrored<StoredList> {
  const query = useMemo(() => servicesOfCategory(category), [category]);
  const mirror = useLiveQuery(query);
  const refresh = useRefresh(
    `category:${category}`,
    () => refreshServices(category),
    'An unexpected error occurred while fetching services.',
  );
  return combine(mirror, refresh);
}

export function useProviderServices(providerId: string): Mirrored<StoredList> {
  const query = useMemo(() => servicesOfProvider(providerId), [providerId]);
  const mirror = useLiveQuery(query);
  const refresh = useRefresh(
    `provider:${providerId}`,
    () => refreshProfessionalProfiles(providerId),
    'Failed to load professional profiles.',
  );
  return combine(mirror, refresh);
}

export function useService(serviceId: string): Mirrored<ServiceRecord> & { notFound: boolean } {
  const query = useMemo(() => serviceById(serviceId), [serviceId]);
  const mirror = useLiveQuery(query);
  const refresh = useRefresh(`service:${serviceId}`, () => refreshService(serviceId), 'Service data not found.');
  const combined = combine(mirror, refresh);
  return { ...combined, notFound: refresh.done && !mirror.value && combined.error === 'Service data not found.' };
}

type StoredList = ServiceRecord[];

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
