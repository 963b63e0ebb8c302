import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import * as v from 'valibot';
import { afterEach, describe, expect, it } from 'vitest';
import { reportFormSchema, reportPayloadSchema, REPORT_REASONS, reportReasonLabel } from '@/domain/report';
import { overwriteGetLocale } from '@/i18n/generated/runtime.js';
import { holdSession } from '@/lib/session-cookies';
import { ReportButtonView } from './report-button';

const TARGET = '3f0c1d9e-8a5b-4c2d-9e1f-0a1b2c3d4e5f';

const render = (props: Partial<Parameters<typeof ReportButtonView>[0]> = {}) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ReportButtonView kind="rent" targetId={TARGET} ownerId="owner-1" {...props} />
    </MemoryRouter>,
  );

describe('the Report flag', () => {
  // The held session is let go after every test (src/test/held-session.ts).
  afterEach(() => overwriteGetLocale(() => 'en'));

  it('shows a flag that opens a dialog, signed in or out (signed out it leads to sign-in)', () => {
    holdSession(undefined);
    expect(render()).toContain('Report this ad');
    holdSession({ userId: 'someone', token: 'bs_x' });
    const html = render();
    expect(html).toContain('aria-haspopup="dialog"');
    expect(html).toContain('Report this ad');
  });

  it('is not shown to the item’s owner, nor on one’s own person card', () => {
    holdSession({ userId: 'owner-1', token: 'bs_x' });
    expect(render()).toBe('');
    expect(render({ kind: 'user', targetId: 'owner-1', ownerId: 'owner-1' })).toBe('');
  });

  it('speaks Bangla', () => {
    overwriteGetLocale(() => 'bn');
    expect(render({ kind: 'review', look: 'link' })).toContain('রিপোর্ট');
    expect(render({ kind: 'service' })).toContain('সেবাটি রিপোর্ট করুন');
    for (const reason of REPORT_REASONS) expect(reportReasonLabel(reason)).not.toMatch(/[A-Za-z]/);
  });
});

describe('the report rules', () => {
  it('needs a reason, and details with “other”', () => {
    expect(v.safeParse(reportFormSchema, { reason: '', details: '' }).success).toBe(false);
    expect(v.safeParse(reportFormSchema, { reason: 'scam', details: '' }).success).toBe(true);
    expect(v.safeParse(reportFormSchema, { reason: 'other', details: '  ' }).success).toBe(false);
    expect(v.safeParse(reportFormSchema, { reason: 'other', details: 'Fake photos' }).success).toBe(true);
  });

  it('bounds the details and takes only the known fields', () => {
    const base = { kind: 'rent', targetId: TARGET.toUpperCase(), reason: 'scam' };
    expect(v.parse(reportPayloadSchema, base)).toEqual({ ...base, targetId: TARGET, details: '' });
    expect(v.safeParse(reportPayloadSchema, { ...base, details: 'x'.repeat(1001) }).success).toBe(false);
    expect(v.safeParse(reportPayloadSchema, { ...base, reporterId: 'me' }).success).toBe(false);
  });
});
