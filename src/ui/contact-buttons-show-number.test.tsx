// @vitest-environment jsdom
import { HTTPError } from 'ky';
import { act } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { mountForTest } from '@/test/mount-for-test';
import { clearSession, writeSession } from '@/lib/session-cookies';
import { ContactButtons } from './contact-buttons';

const view = mountForTest();

async function pressShowNumber() {
  const button = [...view.container.querySelectorAll('button')].find((b) => b.textContent === 'Show number');
  expect(button).toBeDefined();
  await act(async () => {
    button?.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
  });
}

describe('ContactButtons on a visitor\u2019s copy of a listing (no number)', () => {
  it('asks for the number at the tap, then calls it', async () => {
    const showNumber = vi.fn(() => Promise.resolve('+880 1712-345678'));
    view.render(<ContactButtons phone="" showNumber={showNumber} whatsAppMessage="Hi" />);
    expect(view.container.querySelector('a[href^="tel:"]')).toBeNull();
    expect(showNumber).not.toHaveBeenCalled();
    await pressShowNumber();
    expect(showNumber).toHaveBeenCalledTimes(1);
    expect(view.container.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:+8801712345678');
    expect(view.container.querySelector('a[href*="wa.me"]')).not.toBeNull();
  });

  it('says the server\u2019s refusal (past the hourly limit) under the button, which may be pressed again', async () => {
    const limit = 'Too many phone numbers shown from this connection. Sign in to see more, or try again in 40 minutes.';
    const refusal = new HTTPError(
      new Response(JSON.stringify({ success: false, message: limit }), { status: 429 }),
      new Request('http://basha.test/api/v1/rent/view-details/x/phone'),
      {} as never,
    );
    const showNumber = vi.fn(() => Promise.reject(refusal));
    view.render(<ContactButtons phone="" showNumber={showNumber} whatsAppMessage="Hi" />);
    await pressShowNumber();
    expect(view.container.querySelector('[role="alert"]')?.textContent).toBe(limit);
    expect(view.container.querySelector('a[href^="tel:"]')).toBeNull();
    await pressShowNumber();
    expect(showNumber).toHaveBeenCalledTimes(2);
  });

  it('shows nothing to call when there is neither a number nor a way to ask for one', () => {
    view.render(<ContactButtons phone="" whatsAppMessage="Hi" />);
    expect(view.container.innerHTML).toBe('');
  });

  it('never shows a visitor a number the phone kept from an earlier session, and shows a signed-in person theirs', async () => {
    const showNumber = vi.fn(() => Promise.resolve('+880 1712-345678'));
    view.render(<ContactButtons phone="+880 1812-000000" showNumber={showNumber} whatsAppMessage="Hi" />);
    expect(view.container.querySelector('a[href^="tel:"]')).toBeNull();
    await pressShowNumber();
    expect(view.container.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:+8801712345678');

    writeSession('u1', 't1');
    try {
      view.render(<ContactButtons key="member" phone="+880 1812-000000" whatsAppMessage="Hi" />);
      expect(view.container.querySelector('a[href^="tel:"]')?.getAttribute('href')).toBe('tel:+8801812000000');
    } finally {
      clearSession();
    }
  });
});
