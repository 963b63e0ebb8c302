import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AlertFilters } from '../../src/domain/alerts';
import type { ListingKind } from '../../src/domain/listing-kinds';
import { alerts, rentPosts, users } from '../db/schema';
import { mailsArriving, rentAdOf } from '../requests/request-test-kit';
import { createSmtpMailer, type Mailer } from '../mail/mailer';
import { insertService } from '../test/listing-fixtures';
import { mailsTo, registerSignedIn, testContextForFile, type SignedInUser } from '../test/test-app';
import { sendAlertMail } from './alert-mail';
import { matchListing } from './alert-matching';

/**
 * The mail of alert matches (issue 43, point 3), through the run's maildev: in the person's language, a link to each
 * listing's public page, only listings still shown, one mail per alert with its one-tap unsubscribe link (in the body
 * and in the RFC 8058 headers), which stops that alert; nothing to an address not proved, nor of another's alert.
 */

const ctx = testContextForFile();

let poster: SignedInUser;

beforeAll(async () => {
  poster = await registerSignedIn(ctx, 'mail-poster');
});

// A mailer of the test's own to the run's maildev: the same SMTP path as the app's.
let mailer: Mailer;
beforeAll(() => {
  mailer = createSmtpMailer({ smtpUrl: ctx.config.smtpUrl, from: ctx.config.mailFrom });
});
afterAll(() => mailer.close());
const deps = () => ({ db: ctx.db, mailer, config: ctx.config });

async function alertOf(user: SignedInUser, kind: ListingKind, filters: AlertFilters): Promise<string> {
  const [row] = await ctx.db
    .insert(alerts)
    .values({ userId: user.id, kind, filters, frequency: 'daily' })
    .returning({ id: alerts.id });
  return row!.id;
}

async function watcherIn(language: 'en' | 'bn', label: string) {
  const user = await registerSignedIn(ctx, label);
  await ctx.db.update(users).set({ language }).where(eq(users.id, user.id));
  return user;
}

const matchesOf = async (kind: ListingKind, listingId: string, userId: string) =>
  (await matchListing(ctx.db, kind, listingId, ctx.clock.now())).filter((match) => match.userId === userId);

describe('sendAlertMail', () => {
  it('mails each alert its listings in the person’s language, with links and a one-tap unsubscribe', async () => {
    const watcher = await watcherIn('bn', 'mail-bn');
    const rentAlert = await alertOf(watcher, 'rent', { placeId: 'ds-47', maxPrice: 20000 });
    const serviceAlert = await alertOf(watcher, 'service', { category: 'Plumber' });
    const ad = await rentAdOf(ctx, poster, { placeId: 'ar-dhanmondi', category: 'flat', cost: 18000 });
    const secondAd = await rentAdOf(ctx, poster, { placeId: 'ar-mirpur', category: 'flat', cost: 15000 });
    const service = await insertService(ctx, poster.id, { servicePlaceIds: ['ar-mirpur'] });
    const matches = [
      ...(await matchesOf('rent', ad, watcher.id)),
      ...(await matchesOf('rent', secondAd, watcher.id)),
      ...(await matchesOf('service', service, watcher.id)),
    ];
    expect(matches.map((match) => match.alertId).sort()).toEqual([rentAlert, rentAlert, serviceAlert].sort());

    expect(await sendAlertMail(deps(), watcher.id, matches)).toBe(2);
    const mails = await mailsArriving(watcher.email, 2);
    expect(mails).toHaveLength(2);
    const rentMail = mails.find((mail) => mail.subject === 'আপনার বাসা অ্যালার্টে নতুন ভাড়ার বিজ্ঞাপন')!;
    const serviceMail = mails.find((mail) => mail.subject === 'আপনার বাসা অ্যালার্টে নতুন সেবা')!;
    expect(rentMail).toBeDefined();
    expect(serviceMail).toBeDefined();

    expect(rentMail.text).toContain('আসসালামু আলাইকুম');
    expect(rentMail.text).toContain(`${ctx.config.publicUrl}/rent/${ad}`);
    expect(rentMail.text).toContain(`${ctx.config.publicUrl}/rent/${secondAd}`);
    expect(rentMail.text).toContain('ধানমন্ডি, ঢাকা');
    expect(rentMail.html).toContain(`<a href="${ctx.config.publicUrl}/rent/${ad}">`);
    expect(serviceMail.text).toContain(`${ctx.config.publicUrl}/pros/${poster.id}`);
    expect(serviceMail.text).toContain('প্লাম্বার');
    // Never what the poster typed.
    expect(rentMail.text).not.toContain('Two bright rooms');
    expect(serviceMail.text).not.toContain('Pipes fixed');

    const unsubscribe = `${ctx.config.publicUrl}/api/v1/alerts/${rentAlert}/unsubscribe?token=`;
    expect(rentMail.text).toContain(unsubscribe);
    expect(rentMail.headers['list-unsubscribe']).toMatch(new RegExp(`^<${escapeRegExp(unsubscribe)}[0-9a-f]{64}>$`));
    expect(rentMail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    expect(serviceMail.headers['list-unsubscribe']).toContain(`/alerts/${serviceAlert}/unsubscribe`);

    // The mail client's one-click POST to the header's address stops that alert, and that alert only.
    const headerUrl = new URL(rentMail.headers['list-unsubscribe']!.slice(1, -1));
    const stopped = await ctx.app.request(`${headerUrl.pathname}${headerUrl.search}`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(stopped.status).toBe(200);
    const left = await ctx.db.select({ id: alerts.id }).from(alerts).where(eq(alerts.userId, watcher.id));
    expect(left.map((row) => row.id)).toEqual([serviceAlert]);
  });

  it('writes in English to an English reader', async () => {
    const watcher = await watcherIn('en', 'mail-en');
    await alertOf(watcher, 'rent', { category: 'flat', placeId: 'ar-dhanmondi', minPrice: 10000, q: 'lift' });
    const ad = await rentAdOf(ctx, poster, { placeId: 'ar-dhanmondi', category: 'flat' });
    expect(await sendAlertMail(deps(), watcher.id, await matchesOf('rent', ad, watcher.id))).toBe(1);
    const [mail] = await mailsArriving(watcher.email);
    expect(mail?.subject).toBe('New rent ads for your Basha alert');
    expect(mail?.text).toMatch(/^Hello,/);
    expect(mail?.text).toMatch(/New rent ads match your alert \(Flat · Dhanmondi · from BDT\s10,000 · "lift"\):/);
    expect(mail?.text).toMatch(/- Flat · Dhanmondi, Dhaka · BDT\s18,000: http/);
  });

  it('leaves out a listing no longer shown, and sends nothing when none is left', async () => {
    const watcher = await watcherIn('en', 'mail-gone');
    await alertOf(watcher, 'rent', {});
    const kept = await rentAdOf(ctx, poster, { placeId: 'ar-dhanmondi' });
    const booked = await rentAdOf(ctx, poster, { placeId: 'ar-dhanmondi' });
    const matches = [...(await matchesOf('rent', kept, watcher.id)), ...(await matchesOf('rent', booked, watcher.id))];
    await ctx.db.update(rentPosts).set({ status: 'Booked' }).where(eq(rentPosts.id, booked));
    expect(await sendAlertMail(deps(), watcher.id, matches)).toBe(1);
    const [mail] = await mailsArriving(watcher.email);
    expect(mail?.text).toContain(`/rent/${kept}`);
    expect(mail?.text).not.toContain(`/rent/${booked}`);

    await ctx.db.update(rentPosts).set({ deletedAt: ctx.clock.now() }).where(eq(rentPosts.id, kept));
    expect(await sendAlertMail(deps(), watcher.id, matches)).toBe(0);
  });

  it('sends nothing to an address not proved, nor of an alert that is not the person’s', async () => {
    const unproved = await registerSignedIn(ctx, 'mail-unproved', { verified: false });
    const watcher = await watcherIn('en', 'mail-owner');
    await alertOf(unproved, 'service', {});
    const theirs = await alertOf(watcher, 'service', {});
    const service = await insertService(ctx, poster.id, { servicePlaceIds: ['ar-mirpur'] });
    const matches = await matchListing(ctx.db, 'service', service, ctx.clock.now());
    const ofUnproved = matches.filter((match) => match.userId === unproved.id);
    expect(ofUnproved).toHaveLength(1);
    expect(await sendAlertMail(deps(), unproved.id, ofUnproved)).toBe(0);
    // Someone else's match handed over under another person's id.
    expect(await sendAlertMail(deps(), unproved.id, [{ alertId: theirs, listingId: service }])).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await mailsTo(unproved.email)).toEqual([]);
    expect(await mailsTo(watcher.email)).toEqual([]);
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
