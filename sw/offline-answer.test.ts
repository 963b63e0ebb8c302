import { describe, expect, it } from 'vitest';
import { answerLocale, offlinePage, type LanguageSources } from './offline-answer';

const phone = (languages: string[], picked?: string): LanguageSources => ({
  navigator: { languages },
  cookieStore: { get: (name) => Promise.resolve(name === 'basha-locale' && picked ? { value: picked } : null) },
});

const navigation = (headers: Record<string, string> = {}) => new Request('https://basha.test/main/rent', { headers });

describe("the service worker's offline answer", () => {
  it("speaks the language picked on the phone, else the request's or the phone's languages", async () => {
    expect(await answerLocale(navigation({ Cookie: 'a=1; basha-locale=bn' }), phone(['en-US']))).toBe('bn');
    expect(await answerLocale(navigation(), phone(['en-US'], 'bn'))).toBe('bn');
    expect(await answerLocale(navigation(), phone(['bn-BD', 'en'], 'en'))).toBe('en');
    expect(await answerLocale(navigation({ 'Accept-Language': 'bn-BD,bn;q=0.9' }), phone(['en']))).toBe('bn');
    expect(await answerLocale(navigation(), { navigator: { languages: ['bn'] } })).toBe('bn');
    expect(await answerLocale(navigation(), phone(['fr-FR']))).toBe('en');
  });

  it('is a short page in that language', async () => {
    const bangla = offlinePage('bn');
    expect(bangla.status).toBe(503);
    expect(bangla.headers.get('Content-Type')).toBe('text/html; charset=utf-8');
    const html = await bangla.text();
    expect(html).toContain('<html lang="bn">');
    expect(html).toContain('<h1>আপনি অফলাইনে আছেন</h1>');
    expect(html).toContain('আবার চেষ্টা করুন');
    const english = await offlinePage('en').text();
    expect(english).toContain('<h1>You are offline</h1>');
    expect(english).toContain('<title>You are offline · Basha</title>');
  });
});
