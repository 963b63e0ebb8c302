/** What GET /api/v1/market/price-ranges answers: the lowest and highest live prices, in taka. */

export interface PriceRange {
  min: number;
  max: number;
  /** How many live listings the range is taken from. */
  count: number;
}

export interface PriceRanges {
  /** Rent ads; null while there are none. */
  rent: PriceRange | null;
  /** Active services, by category; a category without any is missing. */
  services: Partial<Record<string, PriceRange>>;
}
