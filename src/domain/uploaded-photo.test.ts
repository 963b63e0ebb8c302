import { describe, expect, it } from 'vitest';
import { uploadedPhotoUrlPattern } from './uploaded-photo';

describe('uploadedPhotoUrlPattern', () => {
  const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

  it('takes exactly the path an upload of each kind answers', () => {
    expect(uploadedPhotoUrlPattern('profile').test(`/uploads/profiles/${id}.webp`)).toBe(true);
    expect(uploadedPhotoUrlPattern('rent').test(`/uploads/rent/${id}.webp`)).toBe(true);
    expect(uploadedPhotoUrlPattern('service').test(`/uploads/services/${id}.webp`)).toBe(true);
  });

  it.each([
    '/uploads/../../etc/passwd',
    `/uploads/profiles/../rent/${id}.webp`,
    `/uploads/rent/${id}.webp`,
    `/uploads/profiles/${id}-thumb.webp`,
    `/uploads/profiles/${id.toUpperCase()}.webp`,
    '/uploads/profiles/------------------------------------.webp',
    `/uploads/profiles/${id}.webp?x=1`,
    `/uploads/profiles/${id}.png`,
    `https://elsewhere.example/uploads/profiles/${id}.webp`,
    `/uploads/profiles/${id}.webp\n`,
  ])('refuses %j as a profile photo', (url) => {
    expect(uploadedPhotoUrlPattern('profile').test(url)).toBe(false);
  });
});
