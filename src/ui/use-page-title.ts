import { useEffect } from 'react';
import { documentTitle } from '@/domain/page-titles';

export { documentTitle };

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
