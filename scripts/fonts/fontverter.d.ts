declare module 'fontverter' {
  /** Converts a font between sfnt (TrueType/OpenType), WOFF and WOFF2. */
  export function convert(
    buffer: Buffer,
    toFormat: 'sfnt' | 'truetype' | 'woff' | 'woff2',
    fromFormat?: 'sfnt' | 'truetype' | 'woff' | 'woff2',
  ): Promise<Buffer>;
}
