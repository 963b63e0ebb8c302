import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RentGallery } from './rent-gallery';

const urls = ['/uploads/rent/a.webp', '/uploads/rent/b.webp', '/uploads/rent/c.webp'];
const smallUrls = ['/uploads/rent/a-thumb.webp', '/uploads/rent/b-thumb.webp', '/uploads/rent/c-thumb.webp'];
const gallery = () => renderToStaticMarkup(<RentGallery urls={urls} smallUrls={smallUrls} label="Flat" />);
const images = (html: string) => [...html.matchAll(/<img[^>]*src="([^"]+)"/g)].map((match) => match[1]);

describe('the rent gallery under data saver', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('loads only the first photo, in its small rendition, on a phone that saves data', () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    expect(images(gallery())).toEqual(['/uploads/rent/a-thumb.webp']);
  });

  it('loads only the first photo, large, otherwise', () => {
    vi.stubGlobal('navigator', { connection: { saveData: false } });
    expect(images(gallery())).toEqual(['/uploads/rent/a.webp']);
  });
});
