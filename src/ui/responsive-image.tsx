import type { ImgHTMLAttributes } from 'react';

/**
 * A local WebP illustration offered in several widths (see scripts/generate-landing-images.ts), with its
 * intrinsic size set so the page never shifts while it loads.
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
  const largest = widths[widths.length - 1];
  return (
    <img
      src={`${base}-${largest}.webp`}
      srcSet={widths.map((w) => `${base}-${w}.webp ${w}w`).join(', ')}
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
