import { HTTPError } from 'ky';
import { useEffect, useState } from 'react';
import type { ProfileRecord } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import { fetchUserRecord } from '@/lib/fetch-user-record';

type ProviderState =
  | { status: 'loading' }
  | { status: 'loaded'; user: ProfileRecord }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/** The provider's person, fetched from the server (profiles are not mirrored). */
export function useProvider(userId: string): ProviderState {
  const [state, setState] = useState<{ userId: string; value: ProviderState }>({
    userId,
    value: { status: 'loading' },
  });
  useEffect(() => {
    let live = true;
    fetchUserRecord(userId).then(
      (user) => live && setState({ userId, value: { status: 'loaded', user } }),
      async (error: unknown) => {
        const value: ProviderState =
          error instanceof HTTPError && error.response.status === 404
            ? { status: 'not-found' }
            : { status: 'error', message: await apiErrorMessage(error, m.services_user_profile_failed()) };
        if (live) setState({ userId, value });
      },
    );
    return () => {
      live = false;
    };
  }, [userId]);
  return state.userId === userId ? state.value : { status: 'loading' };
}
