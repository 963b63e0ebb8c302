import { describe, expect, it } from 'vitest';
import { escapeHtml, publicText, withoutBidiControls, withoutPhoneNumbers } from './html';

/** The text rules of the public pages and their link previews (issue 20; issue 38, point 7). */

describe('phone numbers in what people typed', () => {
  it.each([
    ['slashes', 'Call 01711/234/567 today', 'Call ••• today'],
    ['dots', 'Call 01711.234.567 today', 'Call ••• today'],
    ['dashes', 'Call 01711-234-567 today', 'Call ••• today'],
    ['spaces', 'Call 01711 234 567 today', 'Call ••• today'],
    ['spaced slashes', 'Call 01711 / 234 / 567 today', 'Call ••• today'],
    ['a digit at a time', 'Call 0 1 7 1 1 2 3 4 5 6 7 today', 'Call ••• today'],
    ['underscores', 'Call 01711_234_567 today', 'Call ••• today'],
    ['a comma', 'Call 01711,234567 today', 'Call ••• today'],
    ['a zero-width space inside', 'Call 01711\u200b234567 today', 'Call ••• today'],
    ['Bangla digits and slashes', 'ফোন ০১৭১১/২৩৪/৫৬৭', 'ফোন •••'],
    ['Bangla digits and dots', 'ফোন ০১৭১১.২৩৪.৫৬৭', 'ফোন •••'],
    ['full-width digits', 'Call ０１７１１２３４５６７', 'Call •••'],
    ['full-width digits and dashes', 'Call ０１７１１－２３４－５６７', 'Call •••'],
    ['full-width digits and slashes', 'Call ０１７１１／２３４／５６７', 'Call •••'],
    ['Arabic-Indic digits', 'Call ٠١٧١١٢٣٤٥٦٧', 'Call •••'],
    ['Latin and Bangla digits mixed', 'Call 017১১-234-৫৬৭', 'Call •••'],
    ['the country code with a plus', 'Call +880 1711-234567', 'Call •••'],
    ['the country code in brackets', 'Call (+880) 1711/234/567', 'Call •••'],
    ['the country code and the 0', 'Call +88 01711/234/567', 'Call •••'],
    ['the international prefix', 'Call 00880.1711.234.567', 'Call •••'],
    ['two numbers', 'Call 01711/234/567 or ০১৮১২.৩৪৫.৬৭৮', 'Call ••• or •••'],
    ['a landline', 'Office 02-9123456', 'Office •••'],
    ['a number from abroad', 'WhatsApp +44 20 7946 0958', 'WhatsApp •••'],
  ])('masks a mobile number written with %s', (_label, text, shown) => {
    expect(withoutPhoneNumbers(text)).toBe(shown);
  });

  it.each([
    ['a price', 'Rent ৳18,000 a month, 2 months advance'],
    ['a price range', 'Rent 15,000 - 18,000 taka'],
    ['a date with slashes', 'Free from 12/05/2026'],
    ['an address', 'House 12/3, Road 7, Flat 4B, Mirpur 10'],
    ['sizes', '2 rooms, 1 bath, 1200 sqft, 3rd floor'],
    ['a short number', 'Postal code 1216'],
    ['digits with words between', 'Call 0171 after 5, room 234 567'],
  ])('keeps %s', (_label, text) => {
    expect(withoutPhoneNumbers(text)).toBe(text);
  });
});

describe('bidi controls', () => {
  it.each([
    ['a right-to-left override', 'Basha \u202etroppuS', 'Basha troppuS'],
    ['an embedding', 'Flat \u202bnear\u202c the park', 'Flat near the park'],
    ['isolates', 'Karim \u2066Uddin\u2069', 'Karim Uddin'],
    ['marks', 'Nusrat\u200f Jahan\u200e', 'Nusrat Jahan'],
    ['the Arabic letter mark', 'Dhaka\u061c', 'Dhaka'],
  ])('removes %s', (_label, text, shown) => {
    expect(withoutBidiControls(text)).toBe(shown);
  });

  it('keeps the joiners Bangla needs', () => {
    expect(withoutBidiControls('র\u200d্যাব ক্\u200cষ')).toBe('র\u200d্যাব ক্\u200cষ');
  });

  it('reads the number a reversed text hid before masking it', () => {
    expect(publicText('Call \u202d01711/234/567\u202c now')).toBe('Call ••• now');
  });
});

describe('escaping', () => {
  it('leaves no tag or attribute open', () => {
    expect(escapeHtml(`<a href="x" onclick='y'>&`)).toBe('&lt;a href=&quot;x&quot; onclick=&#39;y&#39;&gt;&amp;');
  });
});
