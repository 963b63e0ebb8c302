import type { Gender } from '@/domain/constants';
import type { ServiceStatus } from '@/domain/service';
import { SERVICE_CATEGORIES, serviceCategoryName, type ServiceCategory } from '@/domain/service-category';
import { m } from '@/i18n/generated/messages.js';

/** Stored values (a category, a service's state, a gender) as the page's language names them. */

export const CATEGORY_NAMES: Readonly<Record<ServiceCategory, () => string>> = Object.fromEntries(
  SERVICE_CATEGORIES.map((category) => [category, () => serviceCategoryName(category)]),
) as Record<ServiceCategory, () => string>;

export const STATUS_NAMES: Readonly<Record<ServiceStatus, () => string>> = {
  active: m.profiles_status_active,
  inactive: m.profiles_status_inactive,
};

export const GENDER_NAMES: Readonly<Record<Gender, () => string>> = {
  Male: m.profiles_gender_male,
  Female: m.profiles_gender_female,
};

/** A stored value's name in the page's language; the value itself when it has none. */
export function nameOf(names: Readonly<Record<string, () => string>>, value: string): string {
  return Object.hasOwn(names, value) ? (names[value]?.() ?? value) : value;
}
