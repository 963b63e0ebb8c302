import { valibotResolver } from '@hookform/resolvers/valibot';
import { HTTPError } from 'ky';
import { useEffect, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useLocation, useNavigate } from 'react-router-dom';
import {
  REPORT_DETAILS_MAX_LENGTH,
  REPORT_REASONS,
  reportFormSchema,
  reportReasonLabel,
  type ReportFormValues,
  type ReportKind,
  type ReportReason,
} from '@/domain/report';
import { m } from '@/i18n/generated/messages.js';
import { apiErrorMessage } from '@/lib/api-client';
import { rememberForAfterSignIn, takeActionAfterSignIn } from '@/lib/after-sign-in';
import { readSession } from '@/lib/session-cookies';
import { Button } from '@/ui/button';
import { Dialog } from '@/ui/dialog';
import { ChoicesField, Form, TextAreaField } from '@/ui/form-field';
import type { ReportButtonProps } from '@/ui/moderation-slots';
import { sendReport } from '../api/moderation-api';
import { showToast } from '@/ui/toast/toast-atoms';
import '@/ui/content.css';
import './moderation.css';

const TITLES: Record<ReportKind, () => string> = {
  rent: () => m.moderation_report_rent(),
  service: () => m.moderation_report_service(),
  review: () => m.moderation_report_review(),
  user: () => m.moderation_report_user(),
  conversation: () => m.moderation_report_conversation(),
};

/**
 * The Report flag (issue 21, point 4): opens a small sheet with the reasons. Signed out, it leads to sign-in and
 * back, where the sheet opens (src/lib/after-sign-in.ts); the item's owner does not see it. A report needs the network (it is not queued): offline the sheet says so.
 */
export function ReportButtonView({ kind, targetId, ownerId, look = 'button' }: ReportButtonProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);
  const selfId = readSession()?.userId;
  const here = `${location.pathname}${location.search}`;
  // Back from signing in after tapping Report as a visitor: the sheet opens where they left it.
  useEffect(() => {
    if (!selfId) return;
    const asked = takeActionAfterSignIn(
      here,
      (action) => action.type === 'report' && action.kind === kind && action.targetId === targetId,
    );
    if (asked) void Promise.resolve().then(() => setOpen(true));
    // Once, as the flag appears for the person signed in.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  if (selfId && ownerId === selfId) return null;
  if (kind === 'user' && selfId === targetId) return null;

  const onClick = () => {
    if (!selfId) {
      rememberForAfterSignIn(here, { type: 'report', kind, targetId });
      navigate('/auth/login', { state: { from: here } });
      return;
    }
    setOpen(true);
  };
  // A box of its own: pages style their own children (`.rent-details__summary > *` sets margins), and the sheet's
  // <dialog> must keep the browser's centring.
  return (
    <span className="report-flag-slot">
      <button
        type="button"
        className={look === 'link' ? 'report-flag report-flag--link' : 'button button--ghost report-flag'}
        onClick={onClick}
        aria-haspopup="dialog"
      >
        <FlagIcon />
        <span>{look === 'link' ? m.moderation_report() : TITLES[kind]()}</span>
      </button>
      {open ? <ReportSheet kind={kind} targetId={targetId} onClose={() => setOpen(false)} /> : null}
    </span>
  );
}

function FlagIcon() {
  return (
    <svg className="report-flag__icon" viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
      <path d="M5 21V4m0 0h11l-2 4 2 4H5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinejoin="round" />
    </svg>
  );
}

function ReportSheet({ kind, targetId, onClose }: { kind: ReportKind; targetId: string; onClose: () => void }) {
  const form = useForm<{ reason: string; details: string }, unknown, ReportFormValues>({
    resolver: valibotResolver(reportFormSchema),
    defaultValues: { reason: '', details: '' },
  });
  const reason = useWatch({ control: form.control, name: 'reason' });
  const [problem, setProblem] = useState<string>();
  const labels = Object.fromEntries(REPORT_REASONS.map((value) => [value, reportReasonLabel(value)])) as Record<
    ReportReason,
    string
  >;

  const onSubmit = async (values: ReportFormValues) => {
    setProblem(undefined);
    if (!navigator.onLine) {
      setProblem(m.moderation_offline());
      return;
    }
    try {
      showToast(await sendReport(kind, targetId, values), 'success');
      onClose();
    } catch (error) {
      const message = await apiErrorMessage(error, m.moderation_failed());
      // Reported before: nothing to fix, the sheet closes with the server's word for it.
      if (error instanceof HTTPError && error.response.status === 409) {
        showToast(message, 'info');
        onClose();
        return;
      }
      setProblem(message);
    }
  };

  return (
    <Dialog open onClose={onClose} title={m.moderation_sheet_title()} subtitle={m.moderation_sheet_intro()}>
      <Form form={form} className="report-sheet" onSubmit={form.handleSubmit(onSubmit)} noValidate>
        <ChoicesField
          name="reason"
          type="radio"
          legend={TITLES[kind]()}
          values={REPORT_REASONS}
          labels={labels}
          layout="report-sheet__reasons"
        />
        <TextAreaField
          name="details"
          label={reason === 'other' ? m.moderation_details_label_required() : m.moderation_details_label()}
          placeholder={m.moderation_details_placeholder()}
          maxLength={REPORT_DETAILS_MAX_LENGTH}
          rows={3}
        />
        {problem ? (
          <p className="notice notice--error" role="alert">
            {problem}
          </p>
        ) : null}
        <div className="report-sheet__actions">
          <Button type="submit" variant="danger" disabled={form.formState.isSubmitting}>
            {form.formState.isSubmitting ? m.moderation_sending() : m.moderation_send()}
          </Button>
          <Button variant="secondary" onClick={onClose}>
            {m.moderation_cancel()}
          </Button>
        </div>
      </Form>
    </Dialog>
  );
}
