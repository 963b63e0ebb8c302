/**
 * The footer's service pages (shell spec 2.1): `/services/{slug}`, in the footer's order. Slugs are English in
 * every language (they are routes). What a link reads is in service-page-labels.ts: this module stays free of
 * the message catalogs, since the build's route manifest reads it in Node before the catalogs are compiled.
 */

export const SERVICE_PAGE_SLUGS = [
  'rent',
  'home-moving',
  'home-maid',
  'home-shifter',
  'tutor',
  'it-provider',
  'plumber',
  'electrician',
] as const;

export type ServicePageSlug = (typeof SERVICE_PAGE_SLUGS)[number];

export function servicePagePath(slug: ServicePageSlug): string {
  return `/services/${slug}`;
}
