import * as v from 'valibot';
import {
  hiddenItemSchema,
  reportPageSchema,
  type HiddenItem,
  type ModerationAction,
  type ReportKind,
  type ReportFormValues,
  type ReportPage,
} from '@/domain/report';
import { api } from '@/lib/api-client';

/** The moderation endpoints (docs/api.md, Reports and moderation). They need the network: nothing is queued. */

const envelope = <T extends v.GenericSchema>(data: T) => v.object({ success: v.boolean(), message: v.string(), data });

/** Files a report; answers the server's thank-you in the page's language. */
export async function sendReport(kind: ReportKind, targetId: string, values: ReportFormValues): Promise<string> {
  const body = await api.post('reports', { json: { kind, targetId, ...values } }).json();
  return v.parse(v.object({ message: v.string() }), body).message;
}

export async function fetchReportPage(page: number, signal?: AbortSignal): Promise<ReportPage> {
  const body = await api.get('moderation/reports', { searchParams: { page }, ...(signal ? { signal } : {}) }).json();
  return v.parse(envelope(reportPageSchema), body).data;
}

export async function hideItem(action: ModerationAction): Promise<void> {
  await api.post('moderation/hide', { json: action });
}

export async function dismissReports(action: ModerationAction): Promise<void> {
  await api.post('moderation/dismiss', { json: action });
}

export async function fetchHiddenItems(signal?: AbortSignal): Promise<HiddenItem[]> {
  const body = await api.get('moderation/hidden-mine', signal ? { signal } : {}).json();
  return v.parse(envelope(v.array(hiddenItemSchema)), body).data;
}

const reportedMessageSchema = v.object({
  _id: v.string(),
  authorId: v.string(),
  text: v.string(),
  createdAt: v.string(),
});
export type ReportedMessage = v.InferOutput<typeof reportedMessageSchema>;

/** A reported conversation's latest messages, as written: the server answers them only while a report is open. */
export async function fetchReportedMessages(conversationId: string): Promise<ReportedMessage[]> {
  const body = await api.get(`moderation/conversations/${encodeURIComponent(conversationId)}/messages`).json();
  return v.parse(envelope(v.array(reportedMessageSchema)), body).data;
}
