import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { PlacePicker } from './place-picker';

const render = (props: Partial<Parameters<typeof PlacePicker>[0]> = {}) =>
  renderToStaticMarkup(<PlacePicker mode="postable" value={undefined} onChange={() => undefined} id="p" {...props} />);

describe('PlacePicker', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('labels every control, and keeps the lower lists closed until the one above is chosen', () => {
    const html = render();
    expect(html).toContain('<label class="visually-hidden" for="p">Search for an area</label>');
    expect(html).toContain('role="combobox"');
    expect(html).toContain('<label class="field__label" for="p-division">Division</label>');
    expect(html).toMatch(/<select id="p-district"[^>]*disabled=""/);
    expect(html).toMatch(/<select id="p-area"[^>]*disabled=""/);
    expect(html).toContain('Choose a division');
  });

  it('opens on a chosen area with its district and division, areas before upazilas', () => {
    const html = render({ value: 'ar-dhanmondi' });
    expect(html).toMatch(/<option value="dv-6" selected="">Dhaka<\/option>/);
    expect(html).toMatch(/<option value="ds-47" selected="">Dhaka<\/option>/);
    expect(html).toMatch(/<option value="ar-dhanmondi" selected="">Dhanmondi<\/option>/);
    expect(html.indexOf('label="City areas"')).toBeLessThan(html.indexOf('label="Upazilas"'));
  });

  it('marks itself invalid with the error, and leaves out nothing but the places already chosen', () => {
    const html = render({ value: undefined, error: 'Please choose an area' });
    expect(html).toContain('aria-invalid="true"');
    expect(html).toContain('Please choose an area');
    const chips = render({ value: 'ar-gulshan', exclude: ['ar-dhanmondi'] });
    expect(chips).toMatch(/<option value="ar-dhanmondi" disabled="">Dhanmondi<\/option>/);
  });

  it('speaks Bangla on a Bangla page: labels and place names', () => {
    overwriteGetLocale(() => 'bn');
    const html = render({ value: 'ar-dhanmondi', mode: 'any' });
    expect(html).toContain('এলাকা খুঁজুন');
    expect(html).toContain('বিভাগ');
    expect(html).toMatch(/<option value="ar-dhanmondi" selected="">ধানমন্ডি<\/option>/);
    expect(html).toContain('যেকোনো এলাকা');
  });
});
