/** The footer's service pages (shell spec 2.1): `/services/{slug}`, and what their footer link reads. */

export const SERVICE_PAGE_LINKS = [
  { slug: 'rent', label: 'Rent' },
  { slug: 'home-moving', label: 'Home Moving' },
  { slug: 'home-maid', label: 'Home Maid' },
  { slug: 'home-shifter', label: 'Home Shifter' },
  { slug: 'tutor', label: 'Tutor' },
  { slug: 'it-provider', label: 'IT Provider' },
  { slug: 'plumber', label: 'Plumber' },
  { slug: 'electrician', label: 'Electrician' },
] as const;

export type ServicePageSlug = (typeof SERVICE_PAGE_LINKS)[number]['slug'];

export const SERVICE_PAGE_SLUGS: readonly ServicePageSlug[] = SERVICE_PAGE_LINKS.map((link) => link.slug);

export function servicePagePath(slug: ServicePageSlug): string {
  return `/services/${slug}`;
}
