import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { holdSession } from '@/lib/session-cookies';
import { ContactButtons } from './contact-buttons';

/** The text a reader sees, without the markup. */
const textOf = (html: string) => html.replace(/<[^>]+>/g, '');

// A signed-in person's phone: a visitor is shown the numbers they ask for (contact-buttons-show-number.test.tsx).
describe('ContactButtons', () => {
  beforeEach(() => holdSession({ userId: 'someone', token: 'bs_x' }));
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('calls and opens WhatsApp with the number in its one form, however it was stored', () => {
    const html = renderToStaticMarkup(<ContactButtons phone="01712 345678" whatsAppMessage="Hi: flat & more" />);
    expect(html).toContain('href="tel:+8801712345678"');
    expect(textOf(html)).toContain('Call +880 1712-345678');
    // The number in one piece, which a narrow button may move to the next line but not break.
    expect(html).toContain('<span class="contact-buttons__number">+880 1712-345678</span>');
    expect(html).toContain('href="https://wa.me/8801712345678?text=Hi%3A%20flat%20%26%20more"');
    expect(html).toContain('Never pay an advance before you have seen the flat.');
  });

  it('shows Bangla digits on a Bangla page, and no WhatsApp or tips where they do not belong', () => {
    overwriteGetLocale(() => 'bn');
    const bangla = renderToStaticMarkup(<ContactButtons phone="+880 1712-345678" whatsAppMessage="x" />);
    expect(textOf(bangla)).toContain('কল করুন +৮৮০ ১৭১২-৩৪৫৬৭৮');
    expect(bangla).toContain('নিরাপদ থাকুন');
    overwriteGetLocale(() => 'en');
    const landline = renderToStaticMarkup(<ContactButtons phone="(02) 955-1234" whatsAppMessage="x" tips={false} />);
    expect(landline).toContain('href="tel:029551234"');
    expect(landline).not.toContain('wa.me');
    expect(landline).not.toContain('Stay safe');
  });
});
