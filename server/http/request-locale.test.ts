import { describe, expect, it } from 'vitest';
import { testContextForFile } from '../test/test-app';

const ctx = testContextForFile();

/** The message of an answer. */
const messageOf = (body: unknown) => (body as { message?: string }).message;

describe("the server's language", () => {
  it('answers in English by default, and in Bangla when the request asks for it', async () => {
    const english = await ctx.request('GET', '/api/v1/no-such-route');
    const bangla = await ctx.request('GET', '/api/v1/no-such-route', {
      headers: { 'accept-language': 'bn-BD,bn;q=0.9' },
    });
    expect(english.status).toBe(404);
    expect(messageOf(english.body)).toBe('Not found');
    expect(bangla.status).toBe(404);
    expect(messageOf(bangla.body)).toBe('পাওয়া যায়নি');
  });

  it('takes the language picked on the phone (the cookie) over the phone languages', async () => {
    const picked = await ctx.request('GET', '/api/v1/no-such-route', {
      headers: { cookie: 'other=1; basha-locale=bn', 'accept-language': 'en-US' },
    });
    expect(messageOf(picked.body)).toBe('পাওয়া যায়নি');
    const pickedEnglish = await ctx.request('GET', '/api/v1/no-such-route', {
      headers: { cookie: 'basha-locale=en', 'accept-language': 'bn' },
    });
    expect(messageOf(pickedEnglish.body)).toBe('Not found');
  });

  it('keeps each request in its own language while requests overlap', async () => {
    const languages = Array.from({ length: 20 }, (_, index) => (index % 2 === 0 ? 'bn' : 'en'));
    const answers = await Promise.all(
      languages.map((language) =>
        ctx.request('GET', '/api/v1/rent/my-posts', { headers: { 'accept-language': language } }),
      ),
    );
    answers.forEach((answer, index) => {
      expect(answer.status).toBe(401);
      expect(messageOf(answer.body)).toBe(
        languages[index] === 'bn' ? 'চালিয়ে যেতে সাইন ইন করুন।' : 'Please sign in to continue.',
      );
    });
  });

  it('shrugs off a malformed or enormous Accept-Language', async () => {
    for (const header of ['', ';;;,,,q=', 'bn;q=abc', `${'x-'.repeat(5000)}bn`, 'en;q=0, bn;q=0.1']) {
      const answer = await ctx.request('GET', '/api/v1/no-such-route', { headers: { 'accept-language': header } });
      expect(answer.status).toBe(404);
      expect(['Not found', 'পাওয়া যায়নি']).toContain(messageOf(answer.body));
    }
    const zeroEnglish = await ctx.request('GET', '/api/v1/no-such-route', {
      headers: { 'accept-language': 'en;q=0, bn;q=0.1' },
    });
    expect(messageOf(zeroEnglish.body)).toBe('পাওয়া যায়নি');
  });
});
