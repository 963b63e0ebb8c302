import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { ContactPage } from './contact-page';
import { GallerySection } from './landing/gallery-section';
import { PrivacyPage } from './privacy-page';
import { ServiceInfoPage } from './service-info-page';
import { TermsPage } from './terms-page';
import { withSlots, slot } from './with-slots';

const render = (node: React.ReactNode) => renderToStaticMarkup(<MemoryRouter>{node}</MemoryRouter>);

afterEach(() => overwriteGetLocale(() => 'en'));

describe('the public pages in Bangla (issue 18)', () => {
  it('renders the terms in Bangla, with Bangla section numbers', () => {
    overwriteGetLocale(() => 'bn');
    const page = render(<TermsPage />);
    expect(page).toContain('<h1>ব্যবহারের শর্তাবলি</h1>');
    expect(page).toContain('১. আপনার অ্যাকাউন্ট');
    expect(page).not.toMatch(/Terms of use|Your account/);
  });

  it('puts the privacy page’s code names and link where the Bangla sentence has them', () => {
    overwriteGetLocale(() => 'bn');
    const page = render(<PrivacyPage />);
    expect(page).toContain('<strong>দুটি কুকি</strong>, <code>bashaSelfId</code> ও <code>bashaSelfToken</code>, ১৪ দিন');
    expect(page).toContain('পেতে <a href="mailto:privacy@basha.app">privacy@basha.app</a> ঠিকানায় লিখুন');
    expect(page).toContain('<th scope="col">কত দিন</th>');
  });

  it('keeps the English words exactly, the inline elements included', () => {
    const page = render(<PrivacyPage />);
    expect(page).toContain(
      '<strong>Two cookies</strong>, <code>bashaSelfId</code> and <code>bashaSelfToken</code>, hold your user id',
    );
    expect(page).toContain('write to <a href="mailto:privacy@basha.app">privacy@basha.app</a>; we act within 30 days.');
    expect(page).toContain('Your password is never sent to Basha&#x27;s servers');
  });

  it('shows the office address and phone with Bangla digits, the phone link still dialable', () => {
    overwriteGetLocale(() => 'bn');
    const page = render(<ContactPage />);
    expect(page).toContain('বাড়ি ২৭, রোড ১১, বনানী');
    expect(page).toContain('<a href="tel:+8809612345678">+৮৮০ ৯৬১২-৩৪৫৬৭৮</a>');
  });

  it('numbers the gallery photos in Bangla for screen readers', () => {
    overwriteGetLocale(() => 'bn');
    const page = render(<GallerySection />);
    expect(page).toContain('alt="গ্যালারির ছবি ২"');
    expect(page).toContain('প্রতিদিনের দরকারে, বাসার কাছেই');
  });

  it('renders a service page in Bangla', () => {
    overwriteGetLocale(() => 'bn');
    const page = render(<ServiceInfoPage slug="plumber" />);
    expect(page).toContain('<h1>প্লাম্বার</h1>');
    expect(page).toContain('প্লাম্বার খুঁজুন');
    expect(page).toContain('চালু বিজ্ঞাপন দেখা হচ্ছে...');
  });
});

describe('messages with elements inside', () => {
  it('puts each element at its slot, in the order the sentence has them', () => {
    const html = renderToStaticMarkup(
      <p>{withSlots(`b ${slot(1)} a ${slot(0)}.`, [<i key="0">0</i>, <b key="1">1</b>])}</p>,
    );
    expect(html).toBe('<p>b <b>1</b> a <i>0</i>.</p>');
  });
});
