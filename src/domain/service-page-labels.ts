import { m } from '@/i18n/generated/messages.js';
import type { ServicePageSlug } from './service-pages';

/** What the footer's link to a service page reads, in the page's language ("Home Maid", "গৃহকর্মী"). */
const LABELS: Record<ServicePageSlug, () => string> = {
  rent: () => m.services_page_rent(),
  'home-moving': () => m.services_page_home_moving(),
  'home-maid': () => m.services_page_home_maid(),
  'home-shifter': () => m.services_page_home_shifter(),
  tutor: () => m.services_category_tutor(),
  'it-provider': () => m.services_category_it_provider(),
  plumber: () => m.services_category_plumber(),
  electrician: () => m.services_category_electrician(),
};

export function servicePageLabel(slug: ServicePageSlug): string {
  return LABELS[slug]();
}
