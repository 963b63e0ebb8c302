import { useState } from 'react';
import { Link } from 'react-router-dom';
import { ALERT_FREQUENCIES, type AlertFrequency } from '@/domain/alerts';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { apiErrorMessage } from '@/lib/api-client';
import { useOnline } from '@/lib/use-online';
import type { NewAlert } from '../api/alerts-api';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { placeLabel } from '@/ui/places/place-label';
import { usePlaceIndex } from '@/ui/places/use-place-names';
import { showToast } from '@/ui/toast/toast-atoms';
import { createAlert } from '../api/alerts-api';
import { alertSummaryParts } from './alert-words';
import './alerts.css';

const FREQUENCY_CHOICES: Record<AlertFrequency, { label: () => string; hint: () => string }> = {
  instant: { label: () => m.alerts_frequency_instant(), hint: () => m.alerts_frequency_instant_hint() },
  daily: { label: () => m.alerts_frequency_daily(), hint: () => m.alerts_frequency_daily_hint() },
};

/**
 * The "Alert me" sheet: what will be watched, in words, and how often (instant unless the person picks daily). Saving
 * needs the network and is not queued: an alert saved later than asked would miss what was posted meanwhile, and the
 * person would not know. The server's refusal (past the 10 alerts, say) is shown in its words.
 */
export function AlertSheet({ kind, filters, onClose }: Omit<NewAlert, 'frequency'> & { onClose: () => void }) {
  const [frequency, setFrequency] = useState<AlertFrequency>('instant');
  const [saving, setSaving] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const online = useOnline();
  const locale = getLocale();
  const places = usePlaceIndex(filters.placeId !== undefined);
  const parts = alertSummaryParts(kind, filters, (id) => places && placeLabel(places, id, locale), locale);

  const save = async () => {
    setSaving(true);
    setRefusal(undefined);
    try {
      const { existing } = await createAlert({ kind, filters, frequency });
      showToast(existing ? m.alerts_sheet_already() : m.alerts_sheet_saved(), existing ? 'info' : 'success');
      onClose();
    } catch (error) {
      setRefusal(await apiErrorMessage(error, m.alerts_sheet_failed()));
      setSaving(false);
    }
  };

  return (
    <Dialog open onClose={onClose} title={m.alerts_sheet_title()}>
      <div className="alert-sheet">
        <section className="alert-sheet__watching" aria-label={m.alerts_sheet_watching()}>
          <h3 className="alert-sheet__heading">{m.alerts_sheet_watching()}</h3>
          <ul className="alert-summary">
            {parts.map((part) => (
              <li key={part} className="alert-summary__part">
                {part}
              </li>
            ))}
          </ul>
        </section>
        <fieldset className="choices alert-sheet__frequency">
          <legend className="alert-sheet__heading">{m.alerts_sheet_how_often()}</legend>
          {ALERT_FREQUENCIES.map((value) => (
            <label key={value} className="choice alert-sheet__choice">
              <input
                type="radio"
                name="alert-frequency"
                value={value}
                checked={frequency === value}
                onChange={() => setFrequency(value)}
              />
              <span>
                <span className="alert-sheet__choice-label">{FREQUENCY_CHOICES[value].label()}</span>
                <span className="alert-sheet__choice-hint">{FREQUENCY_CHOICES[value].hint()}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {!online ? (
          <p className="notice notice--warning" role="status">
            {m.alerts_sheet_offline()}
          </p>
        ) : refusal ? (
          <p className="notice notice--error" role="alert">
            {refusal}
          </p>
        ) : null}
        <div className="alert-sheet__actions">
          <Button onClick={() => void save()} disabled={!online || saving}>
            {saving ? m.alerts_sheet_saving() : m.alerts_sheet_save()}
          </Button>
          <Button variant="ghost" onClick={onClose}>
            {m.alerts_sheet_cancel()}
          </Button>
        </div>
        <Link to="/main/notifications" className="alert-sheet__manage">
          {m.alerts_sheet_manage()}
        </Link>
      </div>
    </Dialog>
  );
}
