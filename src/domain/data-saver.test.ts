import { describe, expect, it } from 'vitest';
import { dataSaverFromCookies, offeredWidths, photoRendition, requestSavesData } from './data-saver';

describe('choosing a photo’s rendition', () => {
  it('offers every width normally and only the smallest while saving data', () => {
    expect(offeredWidths([480, 960, 1600], false)).toEqual([480, 960, 1600]);
    expect(offeredWidths([480, 960, 1600], true)).toEqual([480]);
    expect(offeredWidths([960, 480], true)).toEqual([480]);
    expect(offeredWidths([640], true)).toEqual([640]);
  });

  it('shows an uploaded photo’s small rendition while saving data, when it has one', () => {
    expect(photoRendition('/uploads/a.webp', '/uploads/a-thumb.webp', false)).toBe('/uploads/a.webp');
    expect(photoRendition('/uploads/a.webp', '/uploads/a-thumb.webp', true)).toBe('/uploads/a-thumb.webp');
    expect(photoRendition('/uploads/a.webp', undefined, true)).toBe('/uploads/a.webp');
    expect(photoRendition('/uploads/a.webp', null, true)).toBe('/uploads/a.webp');
  });
});

describe('whether a request saves data', () => {
  it('reads the browser’s Save-Data header and Basha’s own cookie', () => {
    expect(requestSavesData({ saveData: 'on' })).toBe(true);
    expect(requestSavesData({ saveData: ' On ' })).toBe(true);
    expect(requestSavesData({ saveData: 'off' })).toBe(false);
    expect(requestSavesData({ cookie: 'basha-locale=bn; basha-data-saver=on' })).toBe(true);
    expect(requestSavesData({ cookie: 'basha-data-saver=' })).toBe(false);
    expect(requestSavesData({ cookie: 'not-basha-data-saver=on' })).toBe(false);
    expect(requestSavesData({})).toBe(false);
    expect(dataSaverFromCookies('='.repeat(10_000))).toBe(false);
  });
});
