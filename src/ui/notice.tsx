import type { ReactNode } from 'react';

type Tone = 'error' | 'success' | 'info' | 'warning';

/**
 * A message above a form or on a page; nothing while there is no message. An error is announced at once
 * (alert), the others when the reader is free (status).
 */
export function Notice({ tone, message, className }: { tone: Tone; message: ReactNode; className?: string }) {
  if (!message) return null;
  return (
    <p
      className={['notice', `notice--${tone}`, className].filter(Boolean).join(' ')}
      role={tone === 'error' ? 'alert' : 'status'}
    >
      {message}
    </p>
  );
}
