import { Hono } from 'hono';
import { COVER_IMAGE_MAX_BYTES, coverImageSizeMessage, coverImageTypeMessage } from '../../src/domain/service';
import { uploadLimit } from '../http/limits';
import { uploadDiskFloor } from '../images/disk-floor';
import { requireVerifiedEmail } from '../accounts/verified-email';
import { requireSession, type AuthEnv } from '../auth/middleware';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { oneFileForm, readUploadForm, type UploadFormRules } from '../http/multipart';
import { imageWork } from '../images/image-work';
import { encodeListingPhoto } from '../images/listing-photos';
import { checkImageHeader, type AcceptedFormat } from '../images/process-image';
import { listingPhotoOf, saveUpload } from '../images/uploads';
import { m } from '../../src/i18n/generated/messages.js';

/**
 * `POST /image/upload-services`: one service cover in the multipart field `serviceImages`. JPEG, PNG or GIF
 * recognised by content, under 5 MB, stored as metadata-free WebP (large + thumbnail). Answers `data.urls`
 * (the large version first, as the spec reads it) and `data.photos` with both versions.
 */

const COVER_FIELD = 'serviceImages';
// Covers take GIF instead of WebP (accounts spec, section 5).
const COVER_FORMATS: readonly AcceptedFormat[] = ['jpeg', 'png', 'gif'];
const ONE_COVER_MESSAGE = (): string => m.server_one_cover();
const oneCoverRequired = () =>
  new HttpError(400, ONE_COVER_MESSAGE(), { errors: { [COVER_FIELD]: ['Exactly one image file is required'] } });

/** One cover under 5 MB in the field `serviceImages`, nothing else. */
export const SERVICE_COVER_FORM: UploadFormRules = oneFileForm({
  field: COVER_FIELD,
  maxFileBytes: COVER_IMAGE_MAX_BYTES - 1,
  tooLargeMessage: coverImageSizeMessage,
  tooManyFiles: oneCoverRequired,
});

export function serviceImageRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();
  routes.post(
    '/upload-services',
    requireSession(deps),
    requireVerifiedEmail(),
    uploadDiskFloor(deps),
    uploadLimit(deps),
    async (c) => {
      const { files } = await readUploadForm(c.req.raw, SERVICE_COVER_FORM);
      const [file] = files;
      if (!file) throw oneCoverRequired();
      const accepted = { accept: COVER_FORMATS, invalidMessage: coverImageTypeMessage() };
      // A file that is no photo, or a bomb, is refused from its header without waiting for a turn.
      await checkImageHeader(file.bytes, accepted.accept, accepted.invalidMessage);
      const encoded = await imageWork.run(() => encodeListingPhoto(file.bytes, accepted));
      const url = await saveUpload(deps, { kind: 'service', uploaderUid: c.get('session').firebaseUid }, encoded);
      const photo = listingPhotoOf(url);
      return ok(c, 'Image uploaded', { urls: [photo.url], photos: [photo] }, 201);
    },
  );
  return routes;
}
