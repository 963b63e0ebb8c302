import { useState } from 'react';
import { readablePhone, telHref, whatsAppHref } from '@/domain/phone-links';
import { apiErrorMessage } from '@/lib/api-client';
import { readSession } from '@/lib/session-cookies';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { SafetyTips } from './safety-tips';
import './share.css';

interface ContactButtonsProps {
  /**
   * The number as stored (new ones are `+880 1712-345678`; older ones may be written otherwise); empty in a visitor's
   * copy of the listing, and never shown to a visitor, who asks for it with `showNumber` (issue 40).
   */
  phone: string;
  /** Asks the server for the listing's number (counted per client address for a visitor); answers it. */
  showNumber?: () => Promise<string>;
  /** WhatsApp's first message, naming the ad or service ("Hello, I saw your ad on Basha: ..."). */
  whatsAppMessage: string;
  /** Cards leave the safety tips to the detail pages. */
  tips?: boolean;
}

/** The number's place in the call label, found by asking the catalog for the label around a mark. */
const NUMBER_MARK = '\u0000';

/**
 * "Call +880 1712-345678", with the number in one piece: a narrow button breaks the line before the number, never
 * inside it ("+880" on one line and "1712-345678" on the next reads as two numbers).
 */
function CallLabel({ number }: { number: string }) {
  const [before = '', after = ''] = m.share_call({ number: NUMBER_MARK }).split(NUMBER_MARK);
  return (
    <span>
      {before}
      <span className="contact-buttons__number">{number}</span>
      {after}
    </span>
  );
}

/**
 * Call and WhatsApp, the same on rent ads, service cards and provider pages: `tel:+8801712345678` and a
 * `https://wa.me/8801712345678?text=...` chat with a message naming the listing (WhatsApp only for a BD mobile
 * number; an old number in another form still gets its call button). The number reads in the page's digits.
 */
export function ContactButtons({ phone, showNumber, whatsAppMessage, tips = true }: ContactButtonsProps) {
  const [asked, setAsked] = useState<string>();
  // A visitor is never shown a number the phone holds from someone's earlier session (a mirror filled signed in):
  // they ask for it.
  const number = (readSession() ? phone : '') || asked;
  if (!number) {
    return showNumber ? <ShowNumberButton showNumber={showNumber} onShown={setAsked} tips={tips} /> : null;
  }
  return <CallButtons phone={number} whatsAppMessage={whatsAppMessage} tips={tips} />;
}

/**
 * "Show number", as on Bikroy: a visitor's copy of a listing has no number, and the tap asks for it. A refusal (past
 * the hourly limit of a connection, say) is said under the button in the server's words.
 */
function ShowNumberButton({
  showNumber,
  onShown,
  tips,
}: {
  showNumber: () => Promise<string>;
  onShown: (phone: string) => void;
  tips: boolean;
}) {
  const [asking, setAsking] = useState(false);
  const [refusal, setRefusal] = useState<string>();
  const ask = async () => {
    setAsking(true);
    setRefusal(undefined);
    try {
      onShown(await showNumber());
    } catch (error) {
      setRefusal(await apiErrorMessage(error, m.share_show_number_failed()));
      setAsking(false);
    }
  };
  return (
    <div className="contact-buttons">
      <div className="contact-buttons__row">
        <button type="button" className="button button--primary contact-buttons__call" onClick={ask} disabled={asking}>
          <PhoneIcon />
          <span>{asking ? m.share_showing_number() : m.share_show_number()}</span>
        </button>
      </div>
      {refusal ? (
        <p className="contact-buttons__refusal" role="alert">
          {refusal}
        </p>
      ) : null}
      {tips ? <SafetyTips /> : null}
    </div>
  );
}

function PhoneIcon() {
  return (
    <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
      <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
    </svg>
  );
}

function CallButtons({ phone, whatsAppMessage, tips }: { phone: string; whatsAppMessage: string; tips: boolean }) {
  const shown = readablePhone(phone, getLocale());
  const whatsApp = whatsAppHref(phone, whatsAppMessage);
  return (
    <div className="contact-buttons">
      <div className="contact-buttons__row">
        <a className="button button--primary contact-buttons__call" href={telHref(phone)}>
          <PhoneIcon />
          <CallLabel number={shown} />
        </a>
        {whatsApp ? (
          <a
            className="button button--secondary contact-buttons__whatsapp"
            href={whatsApp}
            target="_blank"
            rel="noopener noreferrer"
          >
            {m.share_whatsapp()}
          </a>
        ) : null}
      </div>
      {tips ? <SafetyTips /> : null}
    </div>
  );
}
