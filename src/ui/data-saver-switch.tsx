import { useEffect, useState } from 'react';
import { m } from '@/i18n/generated/messages.js';
import { inAppDataSaver, mirrorDataSaverCookie, setInAppDataSaver } from '@/lib/data-saver';
import './data-saver-switch.css';

/**
 * Basha's own data saver (issue 23), remembered on this phone: photos load in their smallest size and only when
 * scrolled near, and the service worker keeps nothing it does not need (src/app/pwa/register-pwa.ts). The phone's
 * own Save-Data setting does the same without it. A switch that looks like one (a track that fills when on); in the
 * phone menu a full row that says what it does, on wide screens a small pill (the words in its title).
 */
export function DataSaverSwitch() {
  const [on, setOn] = useState(inAppDataSaver);
  // A choice made before the cookie existed reaches the server from the next visit on.
  useEffect(() => mirrorDataSaverCookie(on), [on]);
  return (
    <button
      type="button"
      className="data-saver-switch"
      aria-pressed={on}
      title={m.app_data_saver_hint()}
      onClick={() => {
        setInAppDataSaver(!on);
        setOn(!on);
      }}
    >
      <span className="data-saver-switch__text">
        <span className="data-saver-switch__label">{m.app_data_saver()}</span>
        <span className="data-saver-switch__hint">{m.app_data_saver_hint()}</span>
      </span>
      <span className="data-saver-switch__track" aria-hidden="true" />
    </button>
  );
}
