import { afterEach, describe, expect, it } from 'vitest';
import { m } from '@/i18n/generated/messages.js';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { localDigits } from '@/i18n/digits';
import { photoToSend, PROFILE_PHOTO_RULE, RENT_PHOTO_RULE } from './image-file';
import { COVER_PHOTO_SIZE, PROFILE_PHOTO_SIZE, RENT_PHOTO_SIZE } from './photo-sizes';
import { RENT_IMAGE_TYPES } from './rent-post';
import { COVER_IMAGE_TYPES } from './service';
import { PROFILE_IMAGE_TYPES } from './constants';

// The hints under the photo fields say the limit the code applies (issue 39, point 8): any photo of an accepted type
// may be chosen, and a large one is shrunk on the phone to about the size the code shrinks it to. The 5 MB rule is
// the server's limit on what arrives, which a shrunk photo never reaches: a hint saying "up to 5 MB" turned people
// away from their camera's photos, which Basha takes.

const MB = 1024 * 1024;
/** "500 KB", "1 MB": the size a photo is shrunk to, as the hints write it. */
const about = (bytes: number) => (bytes >= MB ? `${bytes / MB} MB` : `${Math.round(bytes / 1024 / 100) * 100} KB`);
/** "JPEG, PNG" as the hints name the types: the part after "image/", in capitals (JPG and JPEG both name jpeg). */
const typeNames = (types: readonly string[]) => types.map((type) => type.slice('image/'.length).toUpperCase());

const HINTS = [
  { field: 'profile photo', hint: () => m.accounts_photo_hint(), types: PROFILE_IMAGE_TYPES, size: PROFILE_PHOTO_SIZE },
  { field: 'service cover', hint: () => m.services_cover_hint(), types: COVER_IMAGE_TYPES, size: COVER_PHOTO_SIZE },
  {
    field: 'rent photos',
    hint: () => m.rent_images_hint({ max: '5' }),
    types: RENT_IMAGE_TYPES,
    size: RENT_PHOTO_SIZE,
  },
];

afterEach(() => overwriteGetLocale(() => 'en'));

describe('the photo fields’ hints', () => {
  it.each(HINTS)(
    '$field: names the accepted types and the size photos are shrunk to, no 5 MB cap',
    ({ hint, types, size }) => {
      const text = hint();
      for (const name of typeNames(types)) expect(text.toUpperCase().replace('JPG', 'JPEG')).toContain(name);
      expect(text).toContain(about(size.maxBytes));
      expect(text).not.toMatch(/5 ?MB/);
    },
  );

  it.each(HINTS)('$field: says the same in Bangla, in Bangla digits', ({ hint, size }) => {
    overwriteGetLocale(() => 'bn');
    const text = hint();
    expect(text).toContain(localDigits(about(size.maxBytes), 'bn'));
    expect(text).not.toMatch(/[৫5] ?MB/);
  });

  it('is true of a 9 MB camera photo: it is taken, shrunk, for the profile as for an ad', async () => {
    const camera = { type: 'image/jpeg', size: 9 * MB };
    const shrink = () => Promise.resolve({ type: 'image/jpeg', size: PROFILE_PHOTO_SIZE.maxBytes });
    expect((await photoToSend(camera, shrink, PROFILE_PHOTO_RULE)).photo).toBeDefined();
    expect((await photoToSend(camera, shrink, RENT_PHOTO_RULE)).photo).toBeDefined();
  });
});
