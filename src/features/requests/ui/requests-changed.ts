/**
 * When the header's count of requests waiting for the person's answer (./requests-nav-item.tsx) counts again: after
 * My requests read or answered requests here, and when the person comes back to the tab or the phone is back online
 * (src/lib/header-counts.ts, which the header's other counts share).
 */
export {
  /** My requests says its list changed (read anew, or a request answered): the count is asked for again. */
  announceCountsChanged as announceRequestsChanged,
  /** Calls `listener` whenever the count may have changed; answers a function that stops it. */
  onCountsMayHaveChanged as onRequestsMayHaveChanged,
} from '@/lib/header-counts';
