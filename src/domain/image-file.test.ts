import { describe, expect, it } from 'vitest';
import {
  photoProblem,
  photoToSend,
  photoTypeProblem,
  PROFILE_PHOTO_RULE,
  profileImageProblem,
  RENT_PHOTO_RULE,
  type FileFacts,
} from './image-file';

const MB = 1024 * 1024;
const photo = (size: number, type = 'image/jpeg', name = 'photo'): FileFacts & { name: string } => ({
  type,
  size,
  name,
});

describe('the 5 MB rule applies to the photo as it will be sent (issue 24, point 11)', () => {
  it('takes a camera photo over 5 MB at pick time when the app shrinks it before sending', () => {
    expect(photoTypeProblem(photo(9 * MB), RENT_PHOTO_RULE)).toBeUndefined();
    // Sent as it is, the same photo breaks the rule.
    expect(photoProblem(photo(9 * MB), RENT_PHOTO_RULE)).toBe('Each image must be less than 5MB');
  });

  it('still refuses another type at pick time, whatever its size', () => {
    expect(photoTypeProblem(photo(10, 'image/gif'), RENT_PHOTO_RULE)).toBe('Please select a valid image file');
    expect(photoTypeProblem(photo(10, 'application/pdf'), PROFILE_PHOTO_RULE)).toBe('Please select a valid image file');
  });

  it('sends the shrunk photo when it is under the limit', async () => {
    const shrunk = photo(1 * MB, 'image/jpeg', 'shrunk');
    const result = await photoToSend(
      photo(9 * MB, 'image/png', 'camera'),
      () => Promise.resolve(shrunk),
      RENT_PHOTO_RULE,
    );
    expect(result).toEqual({ photo: shrunk });
  });

  it("keeps the spec's message for a photo that shrinking cannot bring under 5 MB", async () => {
    const rent = await photoToSend(photo(12 * MB), () => Promise.resolve(photo(5 * MB + 1)), RENT_PHOTO_RULE);
    expect(rent).toEqual({ problem: 'Each image must be less than 5MB' });
    const profile = await photoToSend(photo(12 * MB), () => Promise.resolve(photo(5 * MB)), PROFILE_PHOTO_RULE);
    expect(profile).toEqual({ problem: 'Image size should be less than 5MB' });
  });

  it('falls back to the original when shrinking fails, or would make it bigger, and the original fits', async () => {
    const small = photo(200_000, 'image/webp', 'small');
    const failed = await photoToSend(small, () => Promise.reject(new Error('cannot decode')), RENT_PHOTO_RULE);
    expect(failed).toEqual({ photo: small });
    const bigger = await photoToSend(small, () => Promise.resolve(photo(300_000)), RENT_PHOTO_RULE);
    expect(bigger).toEqual({ photo: small });
  });

  it('refuses a photo over 5 MB that cannot be shrunk at all', async () => {
    const result = await photoToSend(photo(7 * MB), () => Promise.reject(new Error('out of memory')), RENT_PHOTO_RULE);
    expect(result).toEqual({ problem: 'Each image must be less than 5MB' });
  });

  it('keeps each rule at its own boundary: rent photos may be 5 MB, a profile photo must stay under it', () => {
    expect(photoProblem(photo(5 * MB), RENT_PHOTO_RULE)).toBeUndefined();
    expect(photoProblem(photo(5 * MB + 1), RENT_PHOTO_RULE)).toBe('Each image must be less than 5MB');
    expect(profileImageProblem(photo(5 * MB - 1))).toBeUndefined();
    expect(profileImageProblem(photo(5 * MB))).toBe('Image size should be less than 5MB');
  });
});
