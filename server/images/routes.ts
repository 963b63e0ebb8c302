import { Hono } from 'hono';
import { PROFILE_IMAGE_MAX_BYTES } from '../../src/domain/constants';
import { requireAnyToken, type AuthEnv } from '../auth/middleware';
import type { ActiveSession } from '../auth/sessions';
import type { AppDeps } from '../deps';
import { ok } from '../http/envelope';
import { HttpError } from '../http/errors';
import { oneFileForm, readUploadForm, type UploadFormRules } from '../http/multipart';
import { uploadLimit } from '../http/limits';
import { uploadDiskFloor } from './disk-floor';
import { imageWork } from './image-work';
import { checkImageHeader, toWebp } from './process-image';
import { saveUpload } from './uploads';
import { m } from '../../src/i18n/generated/messages.js';

/** Image uploads under /api/v1/image. */

export const PROFILE_IMAGE_TOO_LARGE_MESSAGE = (): string => m.server_profile_image_too_large();
// Stored profile photos: inside 800x800, WebP at quality 80 (the client already sends about 800x600 JPEGs).
const PROFILE_IMAGE_STORED_MAX_PX = 800;
const PROFILE_IMAGE_WEBP_QUALITY = 80;
const PROFILE_FIELD = 'profileImage';

/** One photo under 5 MB (the form's rule, src/domain/image-file.ts) in the field `profileImage`, nothing else. */
export const PROFILE_PHOTO_FORM: UploadFormRules = oneFileForm({
  field: PROFILE_FIELD,
  maxFileBytes: PROFILE_IMAGE_MAX_BYTES - 1,
  tooLargeMessage: PROFILE_IMAGE_TOO_LARGE_MESSAGE,
  tooManyFiles: () =>
    new HttpError(400, m.server_one_image_at_a_time(), {
      errors: { [PROFILE_FIELD]: ['Only one file is allowed'] },
    }),
});

export function imageRoutes(deps: AppDeps) {
  const routes = new Hono<AuthEnv>();

  routes.post('/upload-profile', requireAnyToken(deps), uploadDiskFloor(deps), uploadLimit(deps), async (c) => {
    const { files } = await readUploadForm(c.req.raw, PROFILE_PHOTO_FORM);
    const [file] = files;
    if (!file) {
      throw new HttpError(400, m.server_choose_image(), {
        errors: { [PROFILE_FIELD]: ['An image file is required'] },
      });
    }
    // A file that is no photo, or a bomb, is refused from its header without waiting for a turn.
    await checkImageHeader(file.bytes);
    const image = await imageWork.run(() =>
      toWebp(file.bytes, {
        maxWidth: PROFILE_IMAGE_STORED_MAX_PX,
        maxHeight: PROFILE_IMAGE_STORED_MAX_PX,
        quality: PROFILE_IMAGE_WEBP_QUALITY,
      }),
    );
    // Registration uploads the photo before a Basha session exists, with the Firebase ID token.
    const session = c.get('session') as ActiveSession | undefined;
    const uploaderUid = session?.firebaseUid ?? c.get('firebaseIdentity').uid;
    const url = await saveUpload(deps, { kind: 'profile', uploaderUid }, { large: image.bytes });
    return ok(c, 'Image uploaded', { url }, 201);
  });

  return routes;
}
