import { HTTPError } from 'ky';
import { useEffect, useState } from 'react';
import type { ServiceRecord } from '@/domain/service';
import type { ProfileRecord } from '@/domain/user';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import { fetchUserRecord } from '@/lib/fetch-user-record';
import { fetchProfessionalProfiles } from '../api/fetch-profile';

export type ProfileState =
  | { status: 'loading' }
  | { status: 'loaded'; user: ProfileRecord; professions: ServiceRecord[] }
  | { status: 'not-found' }
  | { status: 'error'; message: string };

/** A user and their professional profiles; reloaded when the user id (or `version`) changes. */
export function useProfile(userId: string, version = 0): ProfileState {
  const key = `${userId}:${version}`;
  const [state, setState] = useState<{ key: string; value: ProfileState }>({ key, value: { status: 'loading' } });
  useEffect(() => {
    let live = true;
    Promise.all([fetchUserRecord(userId), fetchProfessionalProfiles(userId)]).then(
      ([user, professions]) => live && setState({ key, value: { status: 'loaded', user, professions } }),
      async (error: unknown) => {
        const value: ProfileState =
          error instanceof HTTPError && error.response.status === 404
            ? { status: 'not-found' }
            : { status: 'error', message: await apiErrorMessage(error, m.profiles_fetch_failed()) };
        if (live) setState({ key, value });
      },
    );
    return () => {
      live = false;
    };
  }, [key, userId]);
  return state.key === key ? state.value : { status: 'loading' };
}
