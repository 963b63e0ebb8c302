import { PROFILE_IMAGE_JPEG_QUALITY, PROFILE_IMAGE_MAX_HEIGHT_PX, PROFILE_IMAGE_MAX_WIDTH_PX } from './constants';
import { RENT_IMAGE_UPLOAD_MAX_MB, RENT_IMAGE_UPLOAD_MAX_PX, RENT_IMAGE_UPLOAD_QUALITY } from './rent-post';

/**
 * What each kind of photo is shrunk to on the phone before it is uploaded (src/lib/photo-compression): the server
 * stores no more than this anyway, so the rest would only cost the person data and time.
 */
const MB = 1024 * 1024;

/** A property photo: at most 1600 px and about 1 MB. */
export const RENT_PHOTO_SIZE = {
  maxWidth: RENT_IMAGE_UPLOAD_MAX_PX,
  maxHeight: RENT_IMAGE_UPLOAD_MAX_PX,
  quality: RENT_IMAGE_UPLOAD_QUALITY,
  maxBytes: RENT_IMAGE_UPLOAD_MAX_MB * MB,
};

/** A service's cover: at most 1280 px (its large version is 1200 px wide) and about 600 KB. */
export const COVER_PHOTO_SIZE = { maxWidth: 1280, maxHeight: 1280, quality: 0.8, maxBytes: 0.6 * MB };

/** A profile photo: fits 800 × 600, quality 0.7. */
export const PROFILE_PHOTO_SIZE = {
  maxWidth: PROFILE_IMAGE_MAX_WIDTH_PX,
  maxHeight: PROFILE_IMAGE_MAX_HEIGHT_PX,
  quality: PROFILE_IMAGE_JPEG_QUALITY,
  maxBytes: 0.5 * MB,
};
