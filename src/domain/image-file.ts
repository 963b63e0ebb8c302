import { m } from '@/i18n/generated/messages.js';
import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from './constants';
import { messageText, type RuleMessage } from './fields';
import { IMAGE_TOO_LARGE, INVALID_IMAGE_FILE, RENT_IMAGE_MAX_BYTES, RENT_IMAGE_TYPES } from './rent-post';

/** What the browser knows of a chosen file before reading it. */
export interface FileFacts {
  type: string;
  size: number;
}

/** The rule a kind of photo must meet on its way to the server, with the spec's words for each breach. */
export interface PhotoRule {
  types: readonly string[];
  /** The largest photo the server takes, in bytes. */
  maxBytes: number;
  invalidType: RuleMessage;
  tooLarge: RuleMessage;
}

/** Rent photos (shell spec 5.2): JPEG, PNG or WebP, up to 5 MB each (the server's limit, 5 MB included). */
export const RENT_PHOTO_RULE: PhotoRule = {
  types: RENT_IMAGE_TYPES,
  maxBytes: RENT_IMAGE_MAX_BYTES,
  invalidType: INVALID_IMAGE_FILE,
  tooLarge: IMAGE_TOO_LARGE,
};

/** The profile photo (accounts spec, sections 5 and 9): JPG, PNG or WEBP, under 5MB. */
export const PROFILE_PHOTO_RULE: PhotoRule = {
  types: PROFILE_IMAGE_TYPES,
  maxBytes: PROFILE_IMAGE_MAX_BYTES - 1,
  invalidType: () => m.common_invalid_image(),
  tooLarge: () => m.common_image_too_large(),
};

/** The rule's message for a photo sent as it is, or undefined when it may be sent. */
export function photoProblem(file: FileFacts, rule: PhotoRule): string | undefined {
  return photoTypeProblem(file, rule) ?? (file.size > rule.maxBytes ? messageText(rule.tooLarge) : undefined);
}

/**
 * The check when a photo is chosen that the app shrinks before sending: only its type, which shrinking does not
 * make acceptable. Its size is judged on the photo as it will be sent (`photoToSend`): a 9 MB camera photo
 * becomes about 1 MB, and the 5 MB rule is the server's limit on what it receives.
 */
export function photoTypeProblem(file: FileFacts, rule: PhotoRule): string | undefined {
  return file.type.startsWith('image/') && rule.types.includes(file.type) ? undefined : messageText(rule.invalidType);
}

export type PhotoToSend<T> = { photo: T; problem?: undefined } | { photo?: undefined; problem: string };

/**
 * The photo to send for `original`: the smallest of the shrunk photo and the original that meets the rule
 * (shrinking can fail on a file the browser cannot decode, and can make a small, already compressed photo
 * bigger). When neither does, the rule's message: the spec's words for a photo that stays too large.
 */
export async function photoToSend<T extends FileFacts>(
  original: T,
  shrink: (photo: T) => Promise<T>,
  rule: PhotoRule,
): Promise<PhotoToSend<T>> {
  let shrunk: T | undefined;
  try {
    shrunk = await shrink(original);
  } catch {
    shrunk = undefined;
  }
  const candidates = (shrunk ? [shrunk, original] : [original]).sort((a, b) => a.size - b.size);
  const sendable = candidates.find((candidate) => photoProblem(candidate, rule) === undefined);
  if (sendable) return { photo: sendable };
  return { problem: photoProblem(candidates[0]!, rule) ?? messageText(rule.tooLarge) };
}

/** The message for a profile photo the form must refuse as it is, or undefined when it may be used. */
export function profileImageProblem(file: FileFacts): string | undefined {
  return photoProblem(file, PROFILE_PHOTO_RULE);
}
