/**
 * Asks for an image the page is about to show, at high priority, before the element that shows it exists (a
 * route loader knows the first card's photo before the page renders it). The `<img>` with the same URL then
 * takes the preloaded answer from the memory cache. The hint goes once the image has arrived.
 */
export function preloadImage(url: string): void {
  const existing = document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="image"]');
  if ([...existing].some((link) => link.href === new URL(url, document.baseURI).href)) return;
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'image';
  link.href = url;
  link.fetchPriority = 'high';
  const remove = () => link.remove();
  link.addEventListener('load', remove, { once: true });
  link.addEventListener('error', remove, { once: true });
  document.head.append(link);
}
