// @vitest-environment jsdom
import { act, useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { switchLocale } from '@/i18n/client-locale';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { mountForTest } from '@/test/mount-for-test';
import { DatePicker, fromDisplayDate } from './date-picker';

const view = mountForTest();

afterEach(() => {
  // Before the unmount: the picker still on screen speaks English again.
  act(() => switchLocale('en'));
  overwriteGetLocale(() => 'en');
});

/** Types `text` into the field as a person does (React reads the value through its own setter). */
function type(input: HTMLInputElement, text: string) {
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  act(() => {
    setter.call(input, text);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  });
}

describe('fromDisplayDate', () => {
  it('takes a date as people write it, and as data writes it, in either digits', () => {
    expect(fromDisplayDate('01/12/2026')).toBe('2026-12-01');
    expect(fromDisplayDate('১-১২-২০২৬')).toBe('2026-12-01');
    expect(fromDisplayDate('1.12.2026')).toBe('2026-12-01');
    expect(fromDisplayDate('2026-12-01')).toBe('2026-12-01');
    expect(fromDisplayDate('২০২৬-১২-০১')).toBe('2026-12-01');
    expect(fromDisplayDate('31/02/2026')).toBeUndefined();
    expect(fromDisplayDate('2026-02-31')).toBeUndefined();
    expect(fromDisplayDate('12/2026')).toBeUndefined();
  });
});

describe('DatePicker for a date ahead (a rent start)', () => {
  it('speaks Bangla on a Bangla page: Bangla digits and month names, no mm/dd/yyyy, only today or later to pick', () => {
    overwriteGetLocale(() => 'bn');
    switchLocale('bn');
    const onChange = vi.fn();
    view.render(<DatePicker label="ভাড়া শুরুর তারিখ" value="" onChange={onChange} min="2026-11-25" />);
    const input = view.container.querySelector<HTMLInputElement>('input')!;
    expect(input.type).toBe('text');
    expect(input.placeholder).toBe('দিন/মাস/বছর');
    expect(view.container.textContent).toContain('যেমন ২৫/১১/২০২৬');
    expect(view.container.innerHTML).not.toMatch(/mm\/dd\/yyyy/i);

    act(() => view.container.querySelector<HTMLButtonElement>('.date-picker__toggle')!.click());
    const month = view.container.querySelector<HTMLSelectElement>('.date-picker__selects select')!;
    expect(month.selectedOptions[0]!.textContent).toBe('নভেম্বর');
    const years = [...view.container.querySelectorAll('.date-picker__selects select')[1]!.querySelectorAll('option')];
    expect(years.map((option) => option.textContent)).toEqual(['২০২৬', '২০২৭', '২০২৮', '২০২৯', '২০৩০', '২০৩১']);
    const days = [...view.container.querySelectorAll<HTMLButtonElement>('.date-picker__day')];
    expect(days[23]!.disabled).toBe(true);
    expect(days[24]!.disabled).toBe(false);
    expect(days[24]!.textContent).toBe('২৫');
    expect(view.container.querySelector('.date-picker__calendar')!.textContent).not.toMatch(/[0-9A-Za-z]/);

    act(() => days[27]!.click());
    expect(onChange).toHaveBeenLastCalledWith('2026-11-28');
  });

  it('starts the week on Saturday, as calendars in Bangladesh do, in both languages', () => {
    view.render(<DatePicker label="Start date" value="2026-11-25" onChange={() => undefined} min="2026-11-25" />);
    act(() => view.container.querySelector<HTMLButtonElement>('.date-picker__toggle')!.click());
    const heads = () => [...view.container.querySelectorAll('.date-picker__head')].map((head) => head.textContent);
    expect(heads()).toEqual(['Sa', 'Su', 'Mo', 'Tu', 'We', 'Th', 'Fr']);
    // 1 November 2026 is a Sunday: one blank cell (Saturday) before it.
    const grid = view.container.querySelector('.date-picker__grid')!;
    const firstDay = grid.querySelector('.date-picker__day')!;
    expect([...grid.children].indexOf(firstDay) - 7).toBe(1);

    act(() => switchLocale('bn'));
    overwriteGetLocale(() => 'bn');
    view.render(<DatePicker label="শুরুর তারিখ" value="2026-11-25" onChange={() => undefined} min="2026-11-25" />);
    expect(heads()).toEqual(['শনি', 'রবি', 'সোম', 'মঙ্গল', 'বুধ', 'বৃহ', 'শুক্র']);
  });

  it('hands the form a date typed in Bangla digits or as yyyy-MM-dd, and a past one for its rule to refuse', () => {
    const onChange = vi.fn();
    view.render(<DatePicker label="Rent Start Date" value="" onChange={onChange} min="2026-11-25" />);
    const input = view.container.querySelector<HTMLInputElement>('input')!;
    type(input, '০৫/১২/২০২৬');
    expect(onChange).toHaveBeenLastCalledWith('2026-12-05');
    type(input, '2027-01-15');
    expect(onChange).toHaveBeenLastCalledWith('2027-01-15');
    type(input, '01/01/2020');
    expect(onChange).toHaveBeenLastCalledWith('2020-01-01');
    type(input, '01/01/20');
    expect(onChange).toHaveBeenLastCalledWith('');
  });

  it('shows a date taken back as the page writes dates once the person leaves the field', () => {
    overwriteGetLocale(() => 'bn');
    switchLocale('bn');
    function Harness() {
      const [value, setValue] = useState('');
      return <DatePicker label="ভাড়া শুরুর তারিখ" value={value} onChange={setValue} min="2026-11-25" />;
    }
    view.render(<Harness />);
    const input = view.container.querySelector<HTMLInputElement>('input')!;
    type(input, '2027-01-15');
    expect(input.value).toBe('2027-01-15');
    act(() => {
      input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(input.value).toBe('১৫/০১/২০২৭');
    type(input, '১৫/১৩/২০২৭');
    act(() => {
      input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    });
    expect(input.value).toBe('১৫/১৩/২০২৭');
  });

  it('opens its calendar on the date in the field, and Escape closes it back to its button', () => {
    view.render(<DatePicker label="Rent Start Date" value="2027-03-05" onChange={vi.fn()} min="2026-11-25" />);
    expect(view.container.querySelector('input')!.value).toBe('05/03/2027');
    const toggle = view.container.querySelector<HTMLButtonElement>('.date-picker__toggle')!;
    act(() => toggle.click());
    const [month, year] = view.container.querySelectorAll<HTMLSelectElement>('.date-picker__selects select');
    expect(month!.selectedOptions[0]!.textContent).toBe('March');
    expect(year!.value).toBe('2027');
    expect(view.container.querySelector('[aria-pressed="true"]')!.textContent).toBe('5');
    act(() => {
      month!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true }));
    });
    expect(view.container.querySelector('.date-picker__calendar')).toBeNull();
    expect(document.activeElement).toBe(toggle);
  });
});

describe('DatePicker for a date behind (a birthday)', () => {
  it('refuses a date after max, as before', () => {
    const onChange = vi.fn();
    view.render(<DatePicker label="Date of Birth" value="" onChange={onChange} max="2026-11-25" minYear={1900} />);
    const input = view.container.querySelector<HTMLInputElement>('input')!;
    expect(view.container.textContent).toContain('Day/month/year, e.g. 25/07/1998');
    type(input, '26/11/2026');
    expect(onChange).toHaveBeenLastCalledWith('');
    type(input, '25/11/2026');
    expect(onChange).toHaveBeenLastCalledWith('2026-11-25');
    act(() => view.container.querySelector<HTMLButtonElement>('.date-picker__toggle')!.click());
    const years = [...view.container.querySelectorAll('.date-picker__selects select')[1]!.querySelectorAll('option')];
    expect(years[0]!.textContent).toBe('2026');
    expect(years.at(-1)!.textContent).toBe('1900');
  });
});
