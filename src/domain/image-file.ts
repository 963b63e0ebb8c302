import { PROFILE_IMAGE_MAX_BYTES, PROFILE_IMAGE_TYPES } from './constants';

/** What the browser knows of a chosen file before reading it. */
export interface FileFacts {
  type: string;
  size: number;
}

/** The message for a profile photo the form must refuse, or undefined when it may be used. */
export function profileImageProblem(file: FileFacts): string | undefined {
  if (!file.type.startsWith('image/') || !(PROFILE_IMAGE_TYPES as readonly string[]).includes(file.type)) {
    return 'Please select a valid image file';
  }
  if (file.size >= PROFILE_IMAGE_MAX_BYTES) return 'Image size should be less than 5MB';
  return undefined;
}
