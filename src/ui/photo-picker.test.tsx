// @vitest-environment jsdom
import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { PhotoPicker } from './photo-picker';

// React's act() wants to know it runs in a test.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const ENGLISH_OF_THE_BROWSER = /Choose File|No file chosen|Choose Files|No file selected|Browse/;

let container: HTMLDivElement;
let root: Root;

beforeEach(() => {
  container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
});

afterEach(() => {
  act(() => root.unmount());
  container.remove();
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

describe('PhotoPicker', () => {
  it('speaks Bangla on a Bangla page, with Bangla digits, and no word of the browser', () => {
    overwriteGetLocale(() => 'bn');
    act(() => root.render(<PhotoPicker label="কভার ছবি" multiple />));
    const input = container.querySelector('input')!;
    expect(container.textContent).toContain('ছবি বেছে নিন');
    expect(container.textContent).toContain('কোনো ছবি বেছে নেওয়া হয়নি');
    expect(container.textContent).not.toMatch(/[A-Za-z]/);

    choose(input, [photo('a.jpg'), photo('b.jpg'), photo('c.jpg')]);
    expect(container.textContent).toContain('৩টি ছবি বেছে নেওয়া হয়েছে');
    expect(container.textContent).toContain('ছবি বদলান');
    expect(container.textContent).not.toMatch(/[0-9]/);
  });

  it('keeps the real file input, hidden from sight but focusable and named by the field', () => {
    act(() => root.render(<PhotoPicker label="Cover Image" id="cover" aria-describedby="cover-hint" />));
    const input = container.querySelector('input')!;
    expect(input.type).toBe('file');
    expect(input.getAttribute('aria-label')).toBe('Cover Image');
    expect(input.className).toBe('photo-pick__input');
    expect(input.tabIndex).toBe(0);
    expect(input.hidden).toBe(false);
    // The field's hint, then what was chosen, describe it; the whole face is its label, so a tap opens the picker.
    const [hint, chosen] = input.getAttribute('aria-describedby')!.split(' ');
    expect(hint).toBe('cover-hint');
    expect(document.getElementById(chosen!)?.textContent).toBe('No photo chosen');
    expect(input.closest('label')?.textContent).toContain('Choose a photo');
    input.focus();
    expect(document.activeElement).toBe(input);
  });

  it('hands a photo chosen through the hidden input to the form and shows its name', () => {
    const onChange = vi.fn((event: React.ChangeEvent<HTMLInputElement>) => event.target.files?.[0]?.name);
    act(() => root.render(<PhotoPicker label="Profile Image" onChange={onChange} />));
    const input = container.querySelector('input')!;
    choose(input, [photo('me-at-home.jpg')]);
    expect(onChange).toHaveReturnedWith('me-at-home.jpg');
    expect(container.textContent).toContain('me-at-home.jpg');
    expect(container.textContent).toContain('Change photo');
  });

  it('shows what the form holds rather than a photo it refused', () => {
    const rerender = (chosen: string[]) => act(() => root.render(<PhotoPicker label="Cover Image" chosen={chosen} />));
    rerender([]);
    choose(container.querySelector('input')!, [photo('huge.jpg')]);
    expect(container.textContent).toContain('No photo chosen');
    rerender(['cover.jpg']);
    expect(container.textContent).toContain('cover.jpg');
  });

  it('draws the caller’s face instead of its own, still around the labelled input', () => {
    const html = renderToStaticMarkup(
      <PhotoPicker label="Image 1" className="add-rent__pick">
        <span>+</span>
      </PhotoPicker>,
    );
    expect(html).toMatch(/^<label class="photo-pick add-rent__pick"><input type="file"[^>]*aria-label="Image 1"/);
    expect(html).not.toContain('photo-pick__button');
    expect(html).not.toMatch(ENGLISH_OF_THE_BROWSER);
  });
});
