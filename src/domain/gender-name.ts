import { m } from '@/i18n/generated/messages.js';
import type { Gender } from './constants';

const GENDER_NAMES: Record<Gender, () => string> = {
  Male: () => m.form_gender_male(),
  Female: () => m.form_gender_female(),
};

/** A stored gender ('Male', 'Female') as the page's language names it; any other value as it is. */
export function genderName(gender: string): string {
  return Object.hasOwn(GENDER_NAMES, gender) ? GENDER_NAMES[gender as Gender]() : gender;
}
