import { useState, type SyntheticEvent } from 'react';
import { m } from '@/i18n/generated/messages.js';

const FOLDED_KEY = 'basha-safety-tips-folded';

function wasFolded(): boolean {
  try {
    return localStorage.getItem(FOLDED_KEY) === '1';
  } catch {
    return false;
  }
}

/**
 * Short safety tips beside contact buttons. Open the first time; a person who folds them away keeps them folded
 * on this phone (the title, "Stay safe", stays as a reminder and unfolds them again).
 */
export function SafetyTips() {
  const [open, setOpen] = useState(() => !wasFolded());
  const onToggle = (event: SyntheticEvent<HTMLDetailsElement>) => {
    const nowOpen = event.currentTarget.open;
    setOpen(nowOpen);
    try {
      localStorage.setItem(FOLDED_KEY, nowOpen ? '0' : '1');
    } catch {
      // Private browsing without storage: the tips just open again next time.
    }
  };
  return (
    <details className="safety-tips" open={open} onToggle={onToggle}>
      <summary>{m.share_safety_title()}</summary>
      <ul>
        <li>{m.share_safety_advance()}</li>
        <li>{m.share_safety_daylight()}</li>
        <li>{m.share_safety_papers()}</li>
        <li>{m.share_safety_agreement()}</li>
      </ul>
    </details>
  );
}
