import type { PublicClientConfig } from '@/domain/client-config';
import { api } from './api-client';

/**
 * The allow-listed settings the server hands the browser (GET /api/v1/config), fetched once and kept in
 * localStorage so the app still starts offline.
 */
const STORAGE_KEY = 'basha.runtimeConfig';

let configPromise: Promise<PublicClientConfig> | undefined;

export function loadRuntimeConfig(): Promise<PublicClientConfig> {
  configPromise ??= api
    .get('config')
    .json<{ data: PublicClientConfig }>()
    .then(({ data }) => {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(data));
      return data;
    })
    .catch((error: unknown) => {
      const saved = localStorage.getItem(STORAGE_KEY);
      if (saved) return JSON.parse(saved) as PublicClientConfig;
      configPromise = undefined;
      throw error;
    });
  return configPromise;
}
