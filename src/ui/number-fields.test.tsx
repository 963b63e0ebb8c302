import { renderToStaticMarkup } from 'react-dom/server';
import { useForm, type FieldErrors } from 'react-hook-form';
import { afterEach, describe, expect, it } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { Form } from './form-field';
import { amountEcho } from './number-echo';
import { AmountField, PhoneField, PostalCodeField } from './number-fields';

interface Values {
  cost: string;
  postalCode: string;
  phone: string;
}

/** The line under each field (its hint), as the page shows it, for the values typed. */
function hints(typed: Partial<Values>, errors?: FieldErrors<Values>): (string | undefined)[] {
  function Harness() {
    const form = useForm<Values>({
      defaultValues: { cost: '', postalCode: '', phone: '', ...typed },
      ...(errors ? { errors } : {}),
    });
    return (
      <Form form={form}>
        <AmountField name="cost" label="Rent" />
        <PostalCodeField name="postalCode" label="Postal code" />
        <PhoneField name="phone" label="Phone" />
      </Form>
    );
  }
  const html = renderToStaticMarkup(<Harness />);
  return ['cost', 'postalCode', 'phone'].map((name) => {
    const id = html.match(new RegExp(`<input[^>]*name="${name}"[^>]*>`))?.[0].match(/ id="([^"]*)"/)?.[1];
    const hint = id ? html.match(new RegExp(`<p class="field__hint" id="${id}-hint">(.*?)</p>`))?.[1] : undefined;
    return hint?.replace(/<[^>]+>/g, '');
  });
}

describe('number fields say what they understood', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('in Bangla: the rent as Basha writes it, the postal code and phone number in Bangla digits', () => {
    overwriteGetLocale(() => 'bn');
    expect(hints({ cost: '১৮,০০০', postalCode: '1205', phone: '01712345678' })).toEqual([
      '৳১৮,০০০',
      '১২০৫',
      '+৮৮০ ১৭১২-৩৪৫৬৭৮',
    ]);
  });

  it('in English: the amount in BDT, and nothing where the text is already what it reads as', () => {
    expect(hints({ cost: '1,20,000', postalCode: '1205', phone: '+880 1712-345678' })).toEqual([
      'BDT\u00a0120,000',
      undefined,
      undefined,
    ]);
  });

  it('say why an amount reads as no number, and nothing while blank or a group is being typed', () => {
    expect(hints({ cost: '12abc' })[0]).toBe('Please write the amount in digits, like 18,000');
    expect(hints({ cost: '1,2,3' })[0]).toBe('Please check the commas: write it like 18,000 or 1,20,000');
    expect(hints({ cost: '' })[0]).toBeUndefined();
    expect(hints({ cost: '18,' })[0]).toBeUndefined();
  });

  it("give way to the form's error", () => {
    expect(hints({ cost: 'abc' }, { cost: { type: 'custom', message: 'Rent amount is required' } })[0]).toBeUndefined();
  });

  it('tell a list filter the same', () => {
    overwriteGetLocale(() => 'bn');
    expect(renderToStaticMarkup(<>{amountEcho('20,000')}</>)).toBe('<span class="number-echo">৳২০,০০০</span>');
  });
});
