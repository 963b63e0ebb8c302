/** Bangladesh keeps UTC+6 all year (no summer time since 2009), so Dhaka's clock is UTC moved by six hours. */
export const DHAKA_OFFSET_MS = 6 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** The date (YYYY-MM-DD) in Dhaka at `now`. */
export function dhakaDate(now: Date): string {
  return new Date(now.getTime() + DHAKA_OFFSET_MS).toISOString().slice(0, 10);
}

/** The latest moment at or before `now` when Dhaka's clock showed `hour`:00 (today's, or yesterday's if not yet). */
export function latestDhakaHour(now: Date, hour: number): Date {
  const dhakaNow = now.getTime() + DHAKA_OFFSET_MS;
  const dhakaMidnight = dhakaNow - (((dhakaNow % DAY_MS) + DAY_MS) % DAY_MS);
  let at = dhakaMidnight + hour * HOUR_MS;
  if (at > dhakaNow) at -= DAY_MS;
  return new Date(at - DHAKA_OFFSET_MS);
}
