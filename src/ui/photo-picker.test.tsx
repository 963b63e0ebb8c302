// @vitest-environment jsdom
import { act } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { mountForTest } from '@/test/mount-for-test';
import { PhotoPicker } from './photo-picker';

const ENGLISH_OF_THE_BROWSER = /Choose File|No file chosen|Choose Files|No file selected|Browse/;

const view = mountForTest();

afterEach(() => {
  overwriteGetLocale(() => 'en');
});

/** Chooses `files` through the input, as the phone's picker does: the input holds them, then says it changed. */
function choose(input: HTMLInputElement, files: File[]) {
  Object.defineProperty(input, 'files', { configurable: true, value: files });
  act(() => {
    input.dispatchEvent(new Event('change', { bubbles: true }));
  });
}

const photo = (name: string) => new File(['x'], name, { type: 'image/jpeg' });
const fileInput = () => view.container.querySelector<HTMLInputElement>('input[type=file]')!;
const button = () => view.container.querySelector('button')!;

describe('PhotoPicker', () => {
  it('speaks Bangla on a Bangla page, with Bangla digits, and no word of the browser', () => {
    overwriteGetLocale(() => 'bn');
    view.render(<PhotoPicker label="কভার ছবি" multiple />);
    const { container } = view;
    expect(container.textContent).toContain('ছবি বেছে নিন');
    expect(container.textContent).toContain('কোনো ছবি বেছে নেওয়া হয়নি');
    expect(container.textContent).not.toMatch(/[A-Za-z]/);
    // The button is named by the field, then by what it does: both Bangla.
    expect(button().textContent).toBe('কভার ছবিছবি বেছে নিন');

    choose(fileInput(), [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    expect(container.textContent).toContain('৩টি ছবি বেছে নেওয়া হয়েছে');
    expect(container.textContent).toContain('ছবি বদলান');
    expect(container.textContent).not.toMatch(/[0-9]/);
  });

  it('keeps the real file input out of sight, out of the accessibility tree and out of the tab order', () => {
    view.render(<PhotoPicker label="Cover Image" id="cover" aria-describedby="cover-hint" />);
    const input = fileInput();
    expect(input.type).toBe('file');
    // The shared class that hides a thing from sight only; aria-hidden takes it (and the browser's "No file chosen",
    // its accessible value) out of what a screen reader reads.
    expect(input.className).toBe('visually-hidden');
    expect(input.getAttribute('aria-hidden')).toBe('true');
    expect(input.tabIndex).toBe(-1);
    expect(input.hidden).toBe(false);
    // Still the field's control for the field's label (`for="cover"`) and for tests that choose files by its label.
    expect(input.id).toBe('cover');
    expect(input.getAttribute('aria-label')).toBe('Cover Image');
    expect(input.hasAttribute('aria-describedby')).toBe(false);
  });

  it('makes a real button the control people reach: named by the field, described by the hint and what was chosen', () => {
    view.render(<PhotoPicker label="Cover Image" id="cover" aria-describedby="cover-hint" />);
    const face = button();
    expect(face.type).toBe('button');
    expect(face.tabIndex).toBe(0);
    expect(face.textContent).toBe('Cover ImageChoose a photo');
    expect(face.querySelector('.visually-hidden')?.textContent).toBe('Cover Image');
    const [hint, chosen] = face.getAttribute('aria-describedby')!.split(' ');
    expect(hint).toBe('cover-hint');
    expect(document.getElementById(chosen!)?.textContent).toBe('No photo chosen');
    expect(view.container.textContent).not.toMatch(ENGLISH_OF_THE_BROWSER);
  });

  it('opens the phone’s picker through the hidden input when the button is pressed (a tap, Enter or Space)', () => {
    view.render(<PhotoPicker label="Cover Image" />);
    const opened = vi.fn((event: Event) => event.preventDefault());
    fileInput().addEventListener('click', opened);
    act(() => button().click());
    expect(opened).toHaveBeenCalledTimes(1);
  });

  it('hands the focus to the button when something focuses the hidden input (a click on the field’s label)', () => {
    view.render(<PhotoPicker label="Cover Image" />);
    act(() => fileInput().focus());
    expect(document.activeElement).toBe(button());
  });

  it('marks the button, not the hidden input, as invalid, and disables both', () => {
    view.render(<PhotoPicker label="Cover Image" aria-invalid aria-describedby="cover-error" />);
    expect(button().getAttribute('aria-invalid')).toBe('true');
    expect(button().getAttribute('aria-describedby')).toMatch(/^cover-error /);
    expect(fileInput().hasAttribute('aria-invalid')).toBe(false);
    view.render(<PhotoPicker label="Cover Image" disabled />);
    expect(button().disabled).toBe(true);
    expect(fileInput().disabled).toBe(true);
  });

  it('hands a photo chosen through the hidden input to the form and shows its name', () => {
    const onChange = vi.fn((event: React.ChangeEvent<HTMLInputElement>) => event.target.files?.[0]?.name);
    view.render(<PhotoPicker label="Profile Image" onChange={onChange} />);
    choose(fileInput(), [photo('me-at-home.jpg')]);
    expect(onChange).toHaveReturnedWith('me-at-home.jpg');
    expect(view.container.textContent).toContain('me-at-home.jpg');
    expect(button().textContent).toContain('Change photo');
  });

  it('shows what the form holds rather than a photo it refused', () => {
    const rerender = (chosen: string[]) => view.render(<PhotoPicker label="Cover Image" chosen={chosen} />);
    rerender([]);
    choose(fileInput(), [photo('huge.jpg')]);
    expect(view.container.textContent).toContain('No photo chosen');
    rerender(['cover.jpg']);
    expect(view.container.textContent).toContain('cover.jpg');
  });

  it('draws the caller’s face as the button’s content instead of its own, beside the hidden input', () => {
    const html = renderToStaticMarkup(
      <PhotoPicker label="Image 1" className="add-rent__pick" aria-invalid aria-describedby="slot-error">
        <span>Image 1</span>
      </PhotoPicker>,
    );
    expect(html).toMatch(/^<input type="file" class="visually-hidden" aria-label="Image 1" aria-hidden="true"/);
    expect(html).toContain(
      '<button type="button" aria-invalid="true" class="photo-pick-face add-rent__pick" aria-describedby="slot-error"><span>Image 1</span></button>',
    );
    expect(html).not.toContain('photo-pick__button');
    expect(html).not.toMatch(ENGLISH_OF_THE_BROWSER);
  });
});
