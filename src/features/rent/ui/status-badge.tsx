import { rentStatusLabel, statusStyle } from '@/domain/rent-post';

/** The status lower-cased becomes the badge's style (shell spec 2.6); the words follow the page's language. */
export function StatusBadge({ status }: { status: string }) {
  return <span className={`status-badge status-badge--${statusStyle(status)}`}>{rentStatusLabel(status)}</span>;
}
