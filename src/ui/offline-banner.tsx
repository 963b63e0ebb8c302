import { useEffect, useState } from 'react';
import { formatSavedAgo } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';
import { Button } from './button';

const CLOCK_TICK_MS = 30_000;

/**
 * When the phone last saved the listings from the server (epoch ms); `null` once it is known that it never did;
 * `undefined` while that is still being read from the phone.
 */
export type SavedAt = number | null | undefined;

/**
 * Says that a list comes from this phone, not the server, and since when: "Offline: showing listings saved
 * 5 minutes ago". With a Refresh control to try the server again. "No listings saved on this phone yet" only once
 * the phone has been read: while it is, the banner only says the person is offline (no false "nothing saved").
 */
export function OfflineBanner({
  savedAt,
  onRefresh,
  refreshing,
}: {
  savedAt: SavedAt;
  onRefresh: () => void;
  refreshing: boolean;
}) {
  const now = useNow(CLOCK_TICK_MS);
  return (
    <div className="offline-banner" role="status">
      <span className="offline-banner__icon" aria-hidden="true" />
      <p className="offline-banner__text">
        {savedAt === undefined
          ? m.ui_offline()
          : savedAt === null
            ? m.ui_offline_nothing_saved()
            : m.ui_offline_showing_saved({ ago: formatSavedAgo(savedAt, now) })}
      </p>
      <Button variant="secondary" onClick={onRefresh} disabled={refreshing}>
        {refreshing ? m.ui_refreshing() : m.ui_refresh()}
      </Button>
    </div>
  );
}

/** The time, updated every `tickMs`, so that "saved 1 minute ago" grows older on screen. */
function useNow(tickMs: number): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), tickMs);
    return () => clearInterval(timer);
  }, [tickMs]);
  return now;
}
