import { WEEK, type Weekday } from './week';
import { m } from '@/i18n/generated/messages.js';
import type { PlaceSummary } from './places/place-tree';
import type { ServiceCategory } from './service-category';
import { uploadedPhotoUrlPattern } from './uploaded-photo';

/**
 * Professional services and their reviews as the API answers them (accounts spec, section 3), with the
 * service's fixed value sets and limits.
 */

export const MAX_SERVICES_PER_USER = 2;
/** Read when it is said (a message function), so it speaks the language of that page or request. */
export const serviceLimitMessage = () => m.services_limit_reached();

export const SERVICE_STATUSES = ['active', 'inactive'] as const;
export type ServiceStatus = (typeof SERVICE_STATUSES)[number];

export const AVAILABLE_TIMES = ['day', 'night', 'always'] as const;
export type AvailableTime = (typeof AVAILABLE_TIMES)[number];
const AVAILABLE_TIME_LABELS: Record<AvailableTime, () => string> = {
  day: () => m.services_time_day(),
  night: () => m.services_time_night(),
  always: () => m.services_time_always(),
};

/** "Day Time", "দিনের বেলা": an availability as a person reads it, in the page's language. */
export function availableTimeLabel(time: AvailableTime): string {
  return AVAILABLE_TIME_LABELS[time]();
}

/** The stored values of the days (English, as the API carries them); `weekdayLabel` is what a person reads. */
/** The days a service may be offered on, in the order of the week in Bangladesh (Saturday first, ./week.ts). */
export const WEEKDAYS = WEEK;
export type { Weekday };

const WEEKDAY_LABELS: Record<Weekday, () => string> = {
  Monday: () => m.services_day_monday(),
  Tuesday: () => m.services_day_tuesday(),
  Wednesday: () => m.services_day_wednesday(),
  Thursday: () => m.services_day_thursday(),
  Friday: () => m.services_day_friday(),
  Saturday: () => m.services_day_saturday(),
  Sunday: () => m.services_day_sunday(),
};

export function weekdayLabel(day: Weekday): string {
  return WEEKDAY_LABELS[day]();
}

/** "active", "সক্রিয়": a service's status as its pill reads it. */
export function serviceStatusLabel(status: ServiceStatus): string {
  return status === 'inactive' ? m.services_status_inactive() : m.services_status_active();
}

// Description limits: 20 to 1000 characters on create, 20 to 2000 on edit (accounts spec, section 9).
export const DESCRIPTION_MIN_LENGTH = 20;
export const CREATE_DESCRIPTION_MAX_LENGTH = 1000;
export const EDIT_DESCRIPTION_MAX_LENGTH = 2000;
export const SERVICE_AREA_MIN_LENGTH = 3;
export const SERVICE_AREA_MAX_LENGTH = 100;
export const SERVICE_AREAS_MAX_COUNT = 10;
/** Whole taka; a cap keeps a typo of extra zeros out of the listings. */
export const SERVICE_PRICE_MAX_BDT = 10_000_000;
export const COVER_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const COVER_IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif'] as const;
export const coverImageTypeMessage = () => m.services_cover_type();
export const coverImageSizeMessage = () => m.services_cover_size();

/** Reviews: 1 to 5 stars, 10 to 500 characters of feedback. */
export const RATING_MIN = 1;
export const RATING_MAX = 5;
export const FEEDBACK_MIN_LENGTH = 10;
export const FEEDBACK_MAX_LENGTH = 500;

/** Find-service cards cut descriptions at 120 characters; cards appear 0.1 s apart. */
export const CARD_DESCRIPTION_MAX_CHARS = 120;
export const CARD_STAGGER_S = 0.1;
export const SEARCH_DEBOUNCE_MS = 100;
export const SERVICE_SAVED_TOAST_MS = 1000;

/** The large cover a service upload stores; its card-sized thumbnail sits beside it (`<id>-thumb.webp`). */
export const SERVICE_COVER_URL_PATTERN = uploadedPhotoUrlPattern('service');

export function coverThumbnailOf(coverUrl: string): string {
  return coverUrl.replace(/\.webp$/, '-thumb.webp');
}

export interface PersonRef {
  _id: string;
  name: string;
}

export interface ReviewRecord {
  _id: string;
  serviceId: string;
  client: PersonRef;
  rating: number;
  feedback: string;
  createdAt: string;
  updatedAt: string;
  /** The client had a request for this service marked done (issue 41): "Hired on Basha". */
  hiredOnBasha?: boolean;
}

export interface ServiceRecord {
  _id: string;
  category: ServiceCategory;
  status: ServiceStatus;
  provider: PersonRef;
  contactNumber: string;
  addressLine: string;
  serviceArea: string[];
  /**
   * The areas and upazilas served (src/domain/places), and each one's names with its district's and division's;
   * empty for an old service whose areas matched no place. Absent in rows mirrored before places existed.
   */
  servicePlaceIds?: string[];
  servicePlaces?: PlaceSummary[];
  description: string;
  minimumPrice: number;
  maximumPrice: number;
  availableDays: Weekday[];
  availableTime: AvailableTime;
  /** The large cover photo, or null. */
  coverImage: string | null;
  /** A card-sized version of the cover, or null. */
  coverThumbnail: string | null;
  /** Reviews, those of customers hired on Basha first. */
  ratings: ReviewRecord[];
  /** How many of `ratings` are of customers hired on Basha (issue 41); absent in answers older than it. */
  hiredOnBashaCount?: number;
  createdAt: string;
  updatedAt: string;
}

/** The photo a service's card shows: the card-sized version of its cover where there is one. */
export function serviceCardCover(service: Pick<ServiceRecord, 'coverImage' | 'coverThumbnail'>): string | null {
  return service.coverThumbnail ?? service.coverImage;
}

/** `GET /user/professional-details/{userId}`: the envelope's data holds professionalProfiles. */
export interface ProfessionalDetails {
  _id: string;
  name: string;
  professionalProfiles: ServiceRecord[];
}
