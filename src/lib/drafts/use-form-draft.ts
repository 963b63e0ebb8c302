import { useCallback, useEffect, useRef, useState } from 'react';
import type { DraftForm, DraftRow, DraftValues } from './drafts-db';
import { loadDrafts } from './drafts-lazy';

/** How long typing pauses before the draft is written (ms). */
export const DRAFT_SAVE_DELAY_MS = 500;

/** What a form holds now: its values (as react-hook-form gives them) and its photos. */
export interface FormContent {
  values: Readonly<Record<string, unknown>>;
  photos: Blob[];
}

// Every read and write of the drafts waits for the one before, across forms: a form drawn again just after its post
// (the offer form starts afresh when an offer is queued) finds that post's draft already gone.
let turn: Promise<unknown> = Promise.resolve();
function inTurn(work: (store: Awaited<ReturnType<typeof loadDrafts>>) => Promise<unknown>): Promise<unknown> {
  const run = turn.then(async () => work(await loadDrafts()));
  turn = run.catch(() => undefined);
  return run;
}

const isDraftField = (value: unknown): value is DraftValues[string] =>
  value === null ||
  ['string', 'number', 'boolean'].includes(typeof value) ||
  (Array.isArray(value) && value.every((item) => typeof item === 'string'));

/** The fields a draft can keep (text, choices, numbers, lists of choices); others (none today) are left out. */
export function draftValuesOf(values: Readonly<Record<string, unknown>>): DraftValues {
  const kept: DraftValues = {};
  for (const [name, value] of Object.entries(values)) if (isDraftField(value)) kept[name] = value;
  return kept;
}

const emptied = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && value.every((item) => item === ''));

/** Whether the form holds nothing but its starting values: no draft is worth keeping then. */
export function isBlankContent(content: FormContent, blank: Readonly<Record<string, unknown>>): boolean {
  if (content.photos.length > 0) return false;
  return Object.entries(content.values).every(([name, value]) =>
    emptied(value)
      ? emptied(blank[name]) || blank[name] === undefined
      : JSON.stringify(value) === JSON.stringify(blank[name]),
  );
}

/**
 * The form's values from a draft: each field the form has takes the draft's value when it is of the same kind (text,
 * number, list), else keeps its starting value; fields the form no longer has are dropped.
 */
export function formValuesFromDraft<T extends Record<string, unknown>>(blank: T, values: DraftValues): T {
  const filled: Record<string, unknown> = { ...blank };
  for (const name of Object.keys(blank)) {
    const kept = values[name];
    const start = blank[name];
    const sameKind =
      kept !== undefined &&
      Array.isArray(kept) === Array.isArray(start) &&
      (Array.isArray(kept) || start === undefined || start === null || typeof kept === typeof start);
    if (sameKind) filled[name] = kept;
  }
  return filled as T;
}

interface FormDraftOptions {
  form: DraftForm;
  ownerId: string;
  /** Whether the form keeps a draft: not while it edits a post taken back from the outbox (the outbox holds it). */
  keep: boolean;
  /** The form's starting values: a form holding only these has no draft. */
  blank: Readonly<Record<string, unknown>>;
  /** What the form holds now; read when the draft is written. */
  read: () => FormContent;
}

export interface FormDraft {
  /** A kept draft offered back, until the person continues it or starts over. */
  offered: DraftRow | undefined;
  /** Takes the offered draft (for the form to fill itself with); typing goes on being kept in it. */
  continueDraft: () => DraftRow | undefined;
  /** Sets the offered draft aside: it is removed, and what is typed from now on becomes the draft. */
  startOver: () => void;
  /** The person changed a field or a photo: the draft is written once typing pauses. */
  changed: () => void;
  /** The post was handed to the outbox: the draft leaves, and leaving no longer asks. */
  handedOver: () => void;
  /** Whether leaving would leave something typed here behind (the page asks first). */
  hasChanges: () => boolean;
  /** Whether what is typed is kept on the phone as it is typed (the leave dialog says so). */
  keeping: boolean;
}

/**
 * A form's draft on the phone (decision 0026): offered back when the form opens, written as the person types (after
 * DRAFT_SAVE_DELAY_MS of quiet, and at once when the form goes away or the page is hidden), removed when the post is
 * handed to the outbox or the person starts over. One draft per form and person. The store loads after the form has
 * drawn (./drafts-lazy.ts). While a found draft waits for an answer, typing is not written over it.
 */
export function useFormDraft({ form, ownerId, keep, blank, read }: FormDraftOptions): FormDraft {
  const [offered, setOffered] = useState<DraftRow>();
  // Whether typing may be written: the lookup found nothing, or the person answered the offer.
  const [settled, setSettled] = useState(false);
  const settledRef = useRef(false);
  const changedRef = useRef(false);
  const doneRef = useRef(false);
  const pending = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ read, blank });
  useEffect(() => {
    latest.current = { read, blank };
  });

  const write = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!pending.current || !keep || !settledRef.current || doneRef.current) return;
    pending.current = false;
    const content = latest.current.read();
    const blankNow = isBlankContent(content, latest.current.blank);
    void inTurn((store) =>
      blankNow
        ? store.removeDraft(form, ownerId)
        : store.putDraft(form, ownerId, { values: draftValuesOf(content.values), photos: content.photos }),
    ).catch((error: unknown) => console.warn('The draft could not be kept on this phone', error));
  }, [form, ownerId, keep]);

  const settle = useCallback(() => {
    settledRef.current = true;
    setSettled(true);
    if (pending.current) write();
  }, [write]);

  useEffect(() => {
    if (!keep) return undefined;
    let live = true;
    void inTurn(async (store) => {
      const found = await store.getDraft(form, ownerId);
      if (!live) return;
      if (found) setOffered(found);
      else settle();
    }).catch(() => {
      if (live) settle(); // No store on this phone (private mode): the form works without drafts.
    });
    return () => {
      live = false;
    };
  }, [form, ownerId, keep, settle]);

  // Typing just before leaving, reloading or switching apps is kept too.
  useEffect(() => {
    const onHide = () => write();
    window.addEventListener('pagehide', onHide);
    document.addEventListener('visibilitychange', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      document.removeEventListener('visibilitychange', onHide);
      write();
    };
  }, [write]);

  const changed = useCallback(() => {
    if (doneRef.current) return;
    changedRef.current = true;
    pending.current = true;
    if (!settledRef.current) return;
    clearTimeout(timer.current);
    timer.current = setTimeout(write, DRAFT_SAVE_DELAY_MS);
  }, [write]);

  const continueDraft = useCallback(() => {
    const draft = offered;
    setOffered(undefined);
    if (draft) changedRef.current = true;
    pending.current = false;
    settle();
    return draft;
  }, [offered, settle]);

  const startOver = useCallback(() => {
    setOffered(undefined);
    void inTurn((store) => store.removeDraft(form, ownerId)).catch(() => undefined);
    settle();
  }, [form, ownerId, settle]);

  const handedOver = useCallback(() => {
    doneRef.current = true;
    changedRef.current = false;
    pending.current = false;
    clearTimeout(timer.current);
    setOffered(undefined);
    if (keep) void inTurn((store) => store.removeDraft(form, ownerId)).catch(() => undefined);
  }, [form, ownerId, keep]);

  const hasChanges = useCallback(() => changedRef.current && !doneRef.current, []);

  return { offered, continueDraft, startOver, changed, handedOver, hasChanges, keeping: keep && settled };
}
