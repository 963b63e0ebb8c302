import { useEffect } from 'react';
import type { PageParams } from '@/domain/page-titles';
import type { RoutePage } from '@/domain/route-manifest';
import { useLocale } from '@/i18n/client-locale';

/**
 * The shell's one `<meta name="description">`, set to the page's own (src/domain/page-descriptions.ts) as the page
 * shows, in its language. The server already sent the right one with the page a visit starts on; this keeps it
 * right after moves within the app and for a shell the service worker served offline. The table is loaded
 * lazily: no first screen waits for it. A page without the tag (it never is, the shells carry one) gets one, so
 * there is never a second.
 */
export function usePageDescription(shown: { page: RoutePage; params: PageParams } | undefined): void {
  const locale = useLocale();
  const page = shown?.page;
  // The parameters as one value, so the effect runs when they change, not on every render.
  const paramsKey = JSON.stringify(shown?.params ?? {});
  useEffect(() => {
    let current = true;
    import('@/domain/page-descriptions')
      .then(({ pageDescription }) => {
        if (!current) return;
        const params: PageParams = JSON.parse(paramsKey);
        setMetaDescription(pageDescription(page, params, locale));
      })
      // Offline before the table was ever fetched: the tag keeps the words it has, which is no error to report.
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [page, paramsKey, locale]);
}

export function setMetaDescription(description: string): void {
  let meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  if (meta.content !== description) meta.content = description;
}
