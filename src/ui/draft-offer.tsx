import { useState } from 'react';
import { formatSavedAgo } from '@/i18n/format';
import { m } from '@/i18n/generated/messages.js';
import { Button } from './button';
import './draft-offer.css';

interface DraftOfferProps {
  /** "You have an unfinished ad". */
  title: string;
  /** When the draft was last kept (epoch ms). */
  savedAt: number;
  onContinue: () => void;
  onStartOver: () => void;
}

/** Above a form that has a draft on this phone (src/lib/drafts/use-form-draft.ts): continue it, or start over. */
export function DraftOffer({ title, savedAt, onContinue, onStartOver }: DraftOfferProps) {
  const [now] = useState(() => Date.now());
  return (
    <section className="notice notice--info draft-offer" aria-label={title} data-testid="draft-offer">
      <p className="draft-offer__title">{title}</p>
      <p>{m.ui_draft_kept_ago({ ago: formatSavedAgo(savedAt, now) })}</p>
      <div className="draft-offer__actions">
        <Button onClick={onContinue}>{m.ui_draft_continue()}</Button>
        <Button variant="secondary" onClick={onStartOver}>
          {m.ui_draft_start_over()}
        </Button>
      </div>
    </section>
  );
}
