import { Hono } from 'hono';
import { IMAGE_TOO_LARGE, RENT_IMAGE_MAX_BYTES, RENT_IMAGES_MAX } from '../../src/domain/rent-post';
import { UPLOAD_FOLDERS } from '../../src/domain/uploaded-photo';
import { uploadLimit } from '../http/limits';
import { uploadDiskFloor } from '../images/disk-floor';
import { requireVerifiedEmail } from '../accounts/verified-email';
import { requireSession, type AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { readUploadForm, type UploadFormRules } from '../http/multipart';
import { imageWork } from '../images/image-work';
import { encodeListingPhoto } from '../images/listing-photos';
import { checkImageHeader } from '../images/process-image';
import { discardUploads, listingPhotoOf, saveUpload } from '../images/uploads';
import { m } from '../../src/i18n/generated/messages.js';
import { localDigits } from '../../src/i18n/digits';
import { currentLanguage } from '../http/request-locale';

/**
 * `POST /image/upload-properties`: up to five photos of a rent ad in the repeated field `propertyImage`. Each is
 * recognised by its bytes, re-encoded without metadata and kept as a large photo and a card thumbnail.
 */

export const RENT_PHOTO_FOLDER = UPLOAD_FOLDERS.rent;
export const PROPERTY_IMAGE_FIELD = 'propertyImage';
export const PROPERTY_UPLOAD_PATH = '/upload-properties';
/** Five photos of 5 MB each and the multipart framing around them. */
export const PROPERTY_UPLOAD_BODY_MAX_BYTES = RENT_IMAGES_MAX * RENT_IMAGE_MAX_BYTES + 256 * 1024;
export const NO_PROPERTY_IMAGE_MESSAGE = (): string => m.server_no_property_image();
export const TOO_MANY_PROPERTY_IMAGES_MESSAGE = (): string =>
  m.server_too_many_property_images({ max: localDigits(String(RENT_IMAGES_MAX), currentLanguage()) });

/** One to five photos of at most 5 MB each, all in the field `propertyImage`, nothing else. */
export const PROPERTY_PHOTOS_FORM: UploadFormRules = {
  field: PROPERTY_IMAGE_FIELD,
  maxFiles: RENT_IMAGES_MAX,
  maxFileBytes: RENT_IMAGE_MAX_BYTES,
  maxBodyBytes: PROPERTY_UPLOAD_BODY_MAX_BYTES,
  maxParts: RENT_IMAGES_MAX,
  maxFields: 0,
  tooLargeMessage: () => IMAGE_TOO_LARGE,
  tooManyFiles: () => new HttpError(400, TOO_MANY_PROPERTY_IMAGES_MESSAGE()),
};

export function propertyImageRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.post(
    PROPERTY_UPLOAD_PATH,
    requireSession(deps),
    requireVerifiedEmail(),
    uploadDiskFloor(deps),
    uploadLimit(deps),
    async (c) => {
      const { files } = await readUploadForm(c.req.raw, PROPERTY_PHOTOS_FORM);
      if (files.length === 0) {
        throw new HttpError(400, NO_PROPERTY_IMAGE_MESSAGE(), {
          errors: { [PROPERTY_IMAGE_FIELD]: [NO_PROPERTY_IMAGE_MESSAGE()] },
        });
      }
      // Files that are no photos, or bombs, are refused from their headers without waiting for a turn; every photo is
      // encoded before any is stored, so a refused third photo leaves nothing behind.
      for (const file of files) await checkImageHeader(file.bytes);
      const encoded = await imageWork.run(async () => {
        const photos = [];
        for (const file of files) photos.push(await encodeListingPhoto(file.bytes));
        return photos;
      });
      const uploader = { kind: 'rent', uploaderUid: c.get('session').firebaseUid } as const;
      const urls: string[] = [];
      try {
        for (const photo of encoded) urls.push(await saveUpload(deps, uploader, photo));
      } catch (error) {
        await discardUploads(deps, urls).catch(() => undefined);
        throw error;
      }
      const stored = urls.map(listingPhotoOf);
      return ok(
        c,
        'Images uploaded',
        { urls: stored.map((photo) => photo.url), thumbnailUrls: stored.map((photo) => photo.thumbnailUrl) },
        201,
      );
    },
  );

  return routes;
}
