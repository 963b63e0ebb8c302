import { createContext, use, type ImgHTMLAttributes } from 'react';
import { offeredWidths } from '@/domain/data-saver';
import { savingData } from '@/lib/data-saver';

/**
 * Whether images render for a phone that saves data, when the render knows better than this page's own reading:
 * the landing page's first screen is prerendered at build time in both variants, and the server sends the one of
 * the request (src/domain/data-saver.ts). Unset, the page asks the phone (`savingData()`).
 */
export const SavingDataContext = createContext<boolean | undefined>(undefined);

/**
 * A local WebP illustration offered in several widths (see scripts/generate-landing-images.ts), with its
 * intrinsic size set so the page never shifts while it loads. On a phone that saves data only the smallest width
 * is offered, on the first screen too (the server prerenders it that way for such a phone, so the app asks for
 * the very file the first screen already loaded); below the first screen it loads only when scrolled near (lazy).
 */
interface ResponsiveImageProps extends Omit<
  ImgHTMLAttributes<HTMLImageElement>,
  'src' | 'srcSet' | 'width' | 'height'
> {
  /** Path without width and extension, e.g. `/images/landing/hero`. */
  base: string;
  widths: readonly number[];
  /** Intrinsic aspect, as the largest rendition's width and height. */
  width: number;
  height: number;
  alt: string;
}

export function ResponsiveImage({
  base,
  widths,
  width,
  height,
  alt,
  sizes = '100vw',
  loading = 'lazy',
  ...rest
}: ResponsiveImageProps) {
  const prerendered = use(SavingDataContext);
  const offered = offeredWidths(widths, prerendered ?? savingData());
  const largest = offered[offered.length - 1];
  return (
    <img
      src={`${base}-${largest}.webp`}
      srcSet={offered.map((w) => `${base}-${w}.webp ${w}w`).join(', ')}
      sizes={sizes}
      width={width}
      height={height}
      alt={alt}
      loading={loading}
      decoding="async"
      {...rest}
    />
  );
}
