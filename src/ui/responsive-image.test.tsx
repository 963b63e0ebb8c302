import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ResponsiveImage, SavingDataContext } from './responsive-image';

const hero = <ResponsiveImage base="/h" widths={[480, 960, 1600]} width={1600} height={900} alt="" loading="eager" />;

describe('ResponsiveImage under data saver', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('offers only the smallest width, on the first screen too, when the phone saves data', () => {
    vi.stubGlobal('navigator', { connection: { saveData: true } });
    const html = renderToStaticMarkup(hero);
    expect(html).toContain('srcSet="/h-480.webp 480w"');
    expect(html).toContain('src="/h-480.webp"');
    expect(html).toContain('width="1600" height="900"');
  });

  it('offers every width otherwise', () => {
    vi.stubGlobal('navigator', { connection: { saveData: false } });
    expect(renderToStaticMarkup(hero)).toContain('/h-480.webp 480w, /h-960.webp 960w, /h-1600.webp 1600w');
  });

  it('follows the prerender’s choice over the page’s own reading', () => {
    vi.stubGlobal('navigator', { connection: { saveData: false } });
    const html = renderToStaticMarkup(<SavingDataContext value={true}>{hero}</SavingDataContext>);
    expect(html).toContain('srcSet="/h-480.webp 480w"');
  });
});
