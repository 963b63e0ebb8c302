import type { ImgHTMLAttributes } from 'react';
import { savingData } from '@/lib/data-saver';

/**
 * A local WebP illustration offered in several widths (see scripts/generate-landing-images.ts), with its
 * intrinsic size set so the page never shifts while it loads. Below the first screen (lazy) on a phone that saves
 * data, only the smallest width is offered (the first screen's image is in the prerendered page already).
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
  const offered = loading === 'lazy' && savingData() ? widths.slice(0, 1) : widths;
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
