import { readablePhone, telHref, whatsAppHref } from '@/domain/phone-links';
import { m } from '@/i18n/generated/messages.js';
import { getLocale } from '@/i18n/generated/runtime.js';
import { SafetyTips } from './safety-tips';
import './share.css';

interface ContactButtonsProps {
  /** The number as stored (new ones are `+880 1712-345678`; older ones may be written otherwise). */
  phone: string;
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
export function ContactButtons({ phone, whatsAppMessage, tips = true }: ContactButtonsProps) {
  const shown = readablePhone(phone, getLocale());
  const whatsApp = whatsAppHref(phone, whatsAppMessage);
  return (
    <div className="contact-buttons">
      <div className="contact-buttons__row">
        <a className="button button--primary contact-buttons__call" href={telHref(phone)}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
            <path d="M6.6 10.8a15.1 15.1 0 0 0 6.6 6.6l2.2-2.2a1 1 0 0 1 1-.25 11.4 11.4 0 0 0 3.6.57 1 1 0 0 1 1 1V20a1 1 0 0 1-1 1A17 17 0 0 1 3 4a1 1 0 0 1 1-1h3.5a1 1 0 0 1 1 1c0 1.25.2 2.45.57 3.57a1 1 0 0 1-.25 1z" />
          </svg>
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
