import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { ReportGroup } from '@/domain/report';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { ReportedItem } from './moderation-page';

const DAY_MS = 24 * 60 * 60 * 1000;

/** Four reports from one phone's accounts made three days ago, and one from an account of two years. */
const group = (changes: Partial<ReportGroup> = {}): ReportGroup => ({
  kind: 'rent',
  targetId: '3f0c1d9e-8a5b-4c2d-9e1f-0a1b2c3d4e5f',
  label: 'House 4, Road 8, Mohammadpur, Dhaka',
  ownerId: 'owner-1',
  count: 5,
  weight: 2,
  reporterSince: [3, 3, 3, 3, 2 * 365].map((days) => new Date(Date.now() - days * DAY_MS).toISOString()),
  reasons: [{ reason: 'scam', count: 5 }],
  latestAt: new Date().toISOString(),
  details: [],
  ...changes,
});

const render = (shown: ReportGroup) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ReportedItem group={shown} onSettled={() => undefined} />
    </MemoryRouter>,
  );

describe('a reported item on the moderation queue', () => {
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('says what the reports weigh and how new the reporters’ accounts are', () => {
    const html = render(group());
    expect(html).toContain('5 reports');
    expect(html).toContain('Counts as 2 independent reporters');
    expect(html).toContain('Accounts on one internet connection count once');
    expect(html).toContain(
      'Reporters&#x27; accounts made: 3 days ago, 3 days ago, 3 days ago, 3 days ago, 2 years ago',
    );
  });

  it('leaves out the hint when every report counts', () => {
    const html = render(
      group({ count: 1, weight: 1, reporterSince: [new Date(Date.now() - 400 * DAY_MS).toISOString()] }),
    );
    expect(html).toContain('Counts as 1 independent reporter');
    expect(html).not.toContain('count once');
    expect(html).toContain('accounts made: last year');
  });

  it('speaks Bangla', () => {
    overwriteGetLocale(() => 'bn');
    const html = render(group());
    expect(html).toContain('২ জন আলাদা রিপোর্টকারী হিসেবে গোনা হয়েছে');
    expect(html).toContain('রিপোর্টকারীদের অ্যাকাউন্ট খোলা হয়েছে: ৩ দিন আগে');
    expect(html).toContain('২ বছর পূর্বে');
  });
});
