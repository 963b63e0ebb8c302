import { publicPagePath } from '@/domain/public-pages';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { Button } from './button';
import { showToast } from './toast/toast-atoms';
import './share.css';

interface ShareButtonProps {
  /** The public page to share (/rent/{id}, /pros/{userId}), from this origin. */
  path: string;
  title: string;
  text?: string;
}

/** The public address of a page on this origin, in the page's language (the sharer's: `?lang=bn`). */
export function publicUrl(path: string): string {
  const inLanguage = publicPagePath(path, getLocale());
  // Rendered without a window (the prerendered first screens, tests), the path alone.
  const origin = typeof window === 'undefined' ? undefined : window.location.origin;
  return origin ? new URL(inLanguage, origin).toString() : inLanguage;
}

/**
 * Share: the phone's own share sheet (Web Share API: WhatsApp, Messenger, Facebook, ...), else the link copied
 * with a toast. A closed share sheet is no error.
 */
export function ShareButton({ path, title, text }: ShareButtonProps) {
  const onShare = async () => {
    const url = publicUrl(path);
    const data = { title, text: text ?? title, url };
    if (typeof navigator.share === 'function' && (navigator.canShare?.(data) ?? true)) {
      try {
        await navigator.share(data);
        return;
      } catch (error) {
        if (error instanceof DOMException && error.name === 'AbortError') return;
        // Refused (no user gesture, a policy): copy the link instead.
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      showToast(m.share_link_copied(), 'success');
    } catch {
      showToast(m.share_copy_failed(), 'error');
    }
  };
  return (
    <Button variant="secondary" className="share-button" onClick={() => void onShare()}>
      <svg
        aria-hidden="true"
        width="18"
        height="18"
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
      >
        <circle cx="18" cy="5" r="3" />
        <circle cx="6" cy="12" r="3" />
        <circle cx="18" cy="19" r="3" />
        <path d="M8.6 13.5l6.8 4M15.4 6.5l-6.8 4" />
      </svg>
      {m.share_button()}
    </Button>
  );
}
