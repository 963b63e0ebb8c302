import type { ServiceCategory } from '@/domain/service-category';
import { m } from '@/i18n/generated/messages.js';

/** What each service category reads as, in the page's language (the category itself is the data: "Maid"). */
const CATEGORY_LABELS: Record<ServiceCategory, () => string> = {
  Maid: () => m.common_category_maid(),
  'Home Shifter': () => m.common_category_home_shifter(),
  Tutor: () => m.common_category_tutor(),
  Electrician: () => m.common_category_electrician(),
  'IT Provider': () => m.common_category_it_provider(),
  Painter: () => m.common_category_painter(),
  Plumber: () => m.common_category_plumber(),
};

export function categoryLabel(category: ServiceCategory): string {
  return CATEGORY_LABELS[category]();
}
