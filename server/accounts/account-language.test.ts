import { describe, expect, it } from 'vitest';
import {
  mailsTo,
  newUserPayload,
  registerSignedIn,
  signUpFirebase,
  testContextForFile,
  uniqueEmail,
} from '../test/test-app';

/** An account's language (issue 18): set at registration, changed by PUT /user/language, used for its mails. */
const ctx = testContextForFile();

const BANGLA = { 'accept-language': 'bn-BD,bn;q=0.9' };

async function newestMail(email: string, subject: string) {
  for (let tries = 0; tries < 50; tries += 1) {
    const mail = (await mailsTo(email)).find((candidate) => candidate.subject === subject);
    if (mail) return mail;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no mail "${subject}" reached ${email}`);
}

describe("an account's language", () => {
  it('is the language the account registered in', async () => {
    const account = await signUpFirebase(uniqueEmail('bangla-reader'));
    const created = await ctx.request<{ language: string }>('POST', '/api/v1/user/create-new', {
      token: account.idToken,
      json: newUserPayload(account.email),
      headers: BANGLA,
    });
    expect(created.status).toBe(201);
    expect(created.body.data?.language).toBe('bn');
    const english = await registerSignedIn(ctx, 'english-reader');
    const record = await ctx.request<{ language: string }>('GET', `/api/v1/user/find-info/${english.id}`, {
      token: english.token,
    });
    expect(record.body.data?.language).toBe('en');
  });

  it('changes with PUT /user/language, for the signed-in account only, to a language Basha speaks', async () => {
    const person = await registerSignedIn(ctx, 'switcher');
    const saved = await ctx.request('PUT', '/api/v1/user/language', { token: person.token, json: { language: 'bn' } });
    expect(saved.status).toBe(200);
    const record = await ctx.request<{ language: string }>('GET', `/api/v1/user/find-info/${person.id}`, {
      token: person.token,
    });
    expect(record.body.data?.language).toBe('bn');

    const stranger = await ctx.request('PUT', '/api/v1/user/language', { json: { language: 'en' } });
    expect(stranger.status).toBe(401);
    for (const json of [{ language: 'fr' }, { language: ['bn'] }, {}, { language: 'BN' }]) {
      const refused = await ctx.request('PUT', '/api/v1/user/language', { token: person.token, json, headers: BANGLA });
      expect(refused.status, JSON.stringify(json)).toBe(400);
      expect(refused.body.message).toBe('ইংরেজি বা বাংলা বেছে নিন।');
    }
    const unchanged = await ctx.request<{ language: string }>('GET', `/api/v1/user/find-info/${person.id}`, {
      token: person.token,
    });
    expect(unchanged.body.data?.language).toBe('bn');
  });

  it("mails the verification code in the account's language, whatever language asked", async () => {
    const person = await registerSignedIn(ctx, 'bangla-otp', { verified: false });
    await ctx.request('PUT', '/api/v1/user/language', { token: person.token, json: { language: 'bn' } });
    const sent = await ctx.request('PATCH', `/api/v1/user/generate-otp/${person.id}`, { token: person.token });
    expect(sent.status).toBe(200);
    const mail = await newestMail(person.email, 'আপনার বাসা যাচাই কোড');
    // The code stays in Latin digits (it is typed back); the minutes are in Bangla digits.
    expect(mail.text).toMatch(/আপনার বাসা যাচাই কোড \d{6}/);
    expect(mail.text).toContain('১০ মিনিট');
    expect(mail.html).toContain('<strong');
  });

  it("mails the reset link in the account's language", async () => {
    const person = await registerSignedIn(ctx, 'bangla-reset');
    await ctx.request('PUT', '/api/v1/user/language', { token: person.token, json: { language: 'bn' } });
    const asked = await ctx.request('POST', '/api/v1/user/reset-password', { json: { email: person.email } });
    expect(asked.status).toBe(200);
    const mail = await newestMail(person.email, 'আপনার বাসা পাসওয়ার্ড রিসেট করুন');
    expect(mail.text).toContain('নতুন পাসওয়ার্ড দিতে এই লিংকটি খুলুন');
    expect(mail.html).toContain('নতুন পাসওয়ার্ড দিন');
  });
});
