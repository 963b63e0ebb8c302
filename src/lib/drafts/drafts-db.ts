import Dexie, { type Table } from 'dexie';
import * as v from 'valibot';

/**
 * Half-typed posts kept on the phone (decision 0026), in IndexedDB database `basha-drafts`: one row per form and
 * person (`<form>:<ownerId>`), with every field as typed and the chosen photos as Blobs, so a rent ad or a service
 * offer survives leaving the page, a reload or a closed browser. A row is written as the person types, and leaves
 * when the post is handed to the outbox, when the person starts over, or when a session ends and the phone keeps
 * only the next person's data (src/lib/person-data.ts). Rows are checked when read back: what sits in IndexedDB
 * outlives the code that wrote it.
 * Loaded with the forms' draft part (src/ui/form-draft-part.tsx), after the form has drawn: Dexie is not in their
 * first load.
 */

export const DRAFTS_DB_NAME = 'basha-drafts';

export const DRAFT_FORMS = ['rent-ad', 'service-offer'] as const;
export type DraftForm = (typeof DRAFT_FORMS)[number];

/** A form field as typed: text, a choice, a number, a list of choices. */
const draftFieldSchema = v.union([v.string(), v.number(), v.boolean(), v.null(), v.array(v.string())]);
export const draftValuesSchema = v.record(v.string(), draftFieldSchema);
export type DraftValues = v.InferOutput<typeof draftValuesSchema>;

const draftRowSchema = v.object({
  key: v.string(),
  form: v.picklist(DRAFT_FORMS),
  ownerId: v.string(),
  /** Epoch ms of the last save. */
  savedAt: v.number(),
  values: draftValuesSchema,
  photos: v.array(v.instance(Blob)),
});
export type DraftRow = v.InferOutput<typeof draftRowSchema>;

/** What a form keeps: its fields and its photos. */
export interface DraftContent {
  values: DraftValues;
  photos: Blob[];
}

class DraftsDatabase extends Dexie {
  /** Rows are unknown until checked. */
  drafts!: Table<unknown, string>;

  constructor() {
    super(DRAFTS_DB_NAME);
    this.version(1).stores({ drafts: 'key, ownerId' });
  }
}

let database: DraftsDatabase | undefined;

function draftsDb(): DraftsDatabase {
  database ??= new DraftsDatabase();
  return database;
}

const draftKey = (form: DraftForm, ownerId: string) => `${form}:${ownerId}`;

const checkedRow = (row: unknown): DraftRow | undefined => {
  const checked = v.safeParse(draftRowSchema, row);
  return checked.success ? checked.output : undefined;
};

/** The person's draft of the form, if one is kept and readable. */
export async function getDraft(form: DraftForm, ownerId: string): Promise<DraftRow | undefined> {
  const row = checkedRow(await draftsDb().drafts.get(draftKey(form, ownerId)));
  return row && row.form === form && row.ownerId === ownerId ? row : undefined;
}

/** Keeps the form's content as the person's one draft of it, replacing the one before. */
export async function putDraft(
  form: DraftForm,
  ownerId: string,
  content: DraftContent,
  savedAt: number = Date.now(),
): Promise<void> {
  const row: DraftRow = { key: draftKey(form, ownerId), form, ownerId, savedAt, ...content };
  await draftsDb().drafts.put(row);
}

export async function removeDraft(form: DraftForm, ownerId: string): Promise<void> {
  await draftsDb().drafts.delete(draftKey(form, ownerId));
}

/** A session ended: every draft but those of `ownerId` (the person signed in now, if anyone) leaves the phone. */
export async function keepDraftsOnlyOf(ownerId: string | undefined): Promise<void> {
  const { drafts } = draftsDb();
  if (ownerId === undefined) await drafts.clear();
  else await drafts.filter((row) => checkedRow(row)?.ownerId !== ownerId).delete();
}

/** For tests: forget the open connection. */
export function closeDraftsDb(): void {
  database?.close();
  database = undefined;
}
