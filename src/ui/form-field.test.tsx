import type { ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { useForm, type FieldErrors } from 'react-hook-form';
import { describe, expect, it } from 'vitest';
import { ChoicesField, Form, SelectField, TextAreaField, TextField } from './form-field';

interface Values {
  email: string;
  address: { city: string };
  kind: string;
  note: string;
  days: string[];
}

const EMPTY: Values = { email: '', address: { city: '' }, kind: '', note: '', days: [] };

function render(fields: ReactNode, errors?: FieldErrors<Values>) {
  function Harness() {
    const form = useForm<Values>({ defaultValues: EMPTY, ...(errors ? { errors } : {}) });
    return <Form form={form}>{fields}</Form>;
  }
  const html = renderToStaticMarkup(<Harness />);
  return {
    html,
    /** An attribute of the first tag `tag` matches (the tests run in Node, with no DOM to ask). */
    attr(tag: RegExp, name: string) {
      return html.match(tag)?.[0].match(new RegExp(` ${name}="([^"]*)"`))?.[1];
    },
  };
}

describe('form fields', () => {
  it('label the control with its name from the form and no error while there is none', () => {
    const page = render(<TextField name="email" label="Email" type="email" />);
    const id = page.attr(/<input[^>]*>/, 'id');
    expect(page.attr(/<label[^>]*>/, 'for')).toBe(id);
    expect(page.attr(/<input[^>]*>/, 'name')).toBe('email');
    expect(page.html).not.toContain('aria-invalid');
    expect(page.html).not.toContain('aria-describedby');
    expect(page.html).not.toContain('field__error');
  });

  it("show the form's error under the field and point the control at it and at the hint", () => {
    const page = render(<TextField name="email" label="Email" hint="We never share it." />, {
      email: { type: 'format', message: 'Please enter a valid email' },
    });
    const id = page.attr(/<input[^>]*>/, 'id')!;
    expect(page.attr(/<input[^>]*>/, 'aria-invalid')).toBe('true');
    expect(page.attr(/<input[^>]*>/, 'aria-describedby')).toBe(`${id}-error ${id}-hint`);
    expect(page.html).toContain(`<p class="field__hint" id="${id}-hint">We never share it.</p>`);
    expect(page.html).toContain(`<p class="field__error" id="${id}-error" role="alert">Please enter a valid email</p>`);
  });

  it('find the error of a nested field by its dotted name', () => {
    const page = render(<TextField name="address.city" label="City" />, {
      address: { city: { type: 'required', message: 'City is required' } },
    });
    expect(page.attr(/<input[^>]*>/, 'name')).toBe('address.city');
    expect(page.html).toContain('City is required');
  });

  it('wire selects and text areas the same way, keeping a given id', () => {
    const page = render(
      <>
        <SelectField name="kind" label="Kind">
          <option value="">Pick one</option>
        </SelectField>
        <TextAreaField name="note" label="Note" id="the-note" />
      </>,
      { kind: { type: 'required', message: 'Pick a kind' }, note: { type: 'min', message: 'Too short' } },
    );
    expect(page.attr(/<select[^>]*>/, 'aria-invalid')).toBe('true');
    expect(page.attr(/<textarea[^>]*>/, 'id')).toBe('the-note');
    expect(page.attr(/<textarea[^>]*>/, 'aria-describedby')).toBe('the-note-error');
    expect(page.html).toContain('<p class="field__error" id="the-note-error" role="alert">Too short</p>');
  });

  it('give a group of choices one legend and one error that the group points at', () => {
    const page = render(
      <ChoicesField name="days" type="checkbox" legend="Days" values={['Monday', 'Friday']} layout="choices__grid" />,
      { days: { type: 'min', message: 'Select at least one day' } },
    );
    expect(page.html.match(/type="checkbox"/g)).toHaveLength(2);
    expect(page.html).toContain('<legend class="field__label">Days</legend>');
    const describedBy = page.attr(/<fieldset[^>]*>/, 'aria-describedby');
    expect(page.html).toContain(`id="${describedBy}" role="alert">Select at least one day</p>`);
  });
});
