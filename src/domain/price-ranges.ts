/** GET /api/v1/market/price-ranges: the lowest and highest live prices, in taka, and how many offers have them. */

export interface PriceRange {
  min: number;
  max: number;
  count: number;
}

export interface PriceRanges {
  /** Null while no rent ad is live. */
  rent: PriceRange | null;
  /** By service category; a category no active service offers is missing. */
  services: Partial<Record<string, PriceRange>>;
}
