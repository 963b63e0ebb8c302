import { useEffect } from 'react';
import { m } from '@/i18n/generated/messages.js';

/** "Rentals · Basha" for a page's own title, or Basha's full name when there is none (the landing page). */
export function documentTitle(pageTitle: string | undefined): string {
  return pageTitle === undefined ? m.app_document_title() : m.app_page_title({ page: pageTitle });
}

/**
 * Names the page in the browser's tab, history and the phone's app switcher, in the page's language. The root
 * layout calls it with the route's title (src/app/page-titles.ts); a page outside the layout (the error page)
 * calls it itself.
 */
export function usePageTitle(pageTitle: string | undefined): void {
  useEffect(() => {
    document.title = documentTitle(pageTitle);
  }, [pageTitle]);
}
