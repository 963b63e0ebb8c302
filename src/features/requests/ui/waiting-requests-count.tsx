import type { UserEvent } from '@/domain/user-events';
import { m } from '@/i18n/generated/messages.js';
import { api } from '@/lib/api-client';
import type { NavCountProps } from '@/ui/counted-nav-item';
import { LiveNavCount } from '@/ui/live-nav-count';

/** GET /api/v1/requests/waiting-count (docs/api.md): how many requests wait for the caller's answer. */
async function fetchWaitingCount(signal: AbortSignal): Promise<number> {
  const body = await api.get('requests/waiting-count', { signal }).json<{ data: { count: number } }>();
  return body.data.count;
}

const aboutRequests = (event: UserEvent) => event.type === 'request';
const label = (count: string) => m.requests_waiting_label({ count });

/**
 * The badge on the header's "My requests" link: the requests waiting for the person's answer, read again whenever the
 * live event stream says one of their requests was made or moved. Its own chunk, loaded once the page settled.
 */
export default function WaitingRequestsCount(props: NavCountProps) {
  return <LiveNavCount {...props} read={fetchWaitingCount} counts={aboutRequests} label={label} />;
}
