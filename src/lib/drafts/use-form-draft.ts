import { useCallback, useEffect, useRef, useState } from 'react';
import { formValuesFromDraft, isBlankContent, draftValuesOf, type FormContent } from './draft-content';
import type { DraftSignals } from './draft-signals';
import { getDraft, putDraft, removeDraft, type DraftForm, type DraftRow } from './drafts-db';

/** How long typing pauses before the draft is written (ms). */
export const DRAFT_SAVE_DELAY_MS = 500;

// Every read and write of the drafts waits for the one before, across forms: a form drawn again just after its post
// (the offer form starts afresh when an offer is queued) finds that post's draft already gone.
let turn: Promise<unknown> = Promise.resolve();
function inTurn<T>(work: () => Promise<T>): Promise<T> {
  const run = turn.then(work);
  turn = run.catch(() => undefined);
  return run;
}

export interface FormDraftOptions<T extends Record<string, unknown>> {
  form: DraftForm;
  ownerId: string;
  /** Whether the form keeps a draft: not while it edits a post taken back from the outbox (the outbox holds it). */
  keep: boolean;
  /** The form's starting values, every field named: a form holding only these has no draft. */
  blank: T;
  /** What the form holds now; read when the draft is written. */
  read: () => FormContent;
  /** What the form tells its draft (./draft-signals.ts). */
  signals: DraftSignals;
}

export interface FormDraft<T> {
  /** When the draft offered back was kept (epoch ms), until the person continues it or starts over. */
  offeredAt: number | undefined;
  /** Takes the offered draft: the form's values and photos to fill it with. Typing goes on being kept in it. */
  continueDraft: () => { values: T; photos: Blob[] } | undefined;
  /** Sets the offered draft aside: it is removed, and what is typed from now on becomes the draft. */
  startOver: () => void;
  /** Whether leaving would leave something typed here behind (the page asks first). */
  hasChanges: () => boolean;
  /** Whether what is typed is kept on the phone as it is typed (the leave dialog says so). */
  keeping: boolean;
}

/**
 * A form's draft on the phone (decision 0026): offered back when the form opens, written as the person types (after
 * DRAFT_SAVE_DELAY_MS of quiet, and at once when the form goes away or the page is hidden), removed when the post is
 * handed to the outbox or the person starts over. One draft per form and person. This runs in the form's lazily
 * loaded part (src/ui/form-draft-part.tsx), with Dexie; the form itself only signals (./draft-signals.ts). While a
 * found draft waits for an answer, typing is not written over it.
 */
export function useFormDraft<T extends Record<string, unknown>>({
  form,
  ownerId,
  keep,
  blank,
  read,
  signals,
}: FormDraftOptions<T>): FormDraft<T> {
  const [offered, setOffered] = useState<DraftRow>();
  // Whether typing may be written: the lookup found nothing, or the person answered the offer.
  const [settled, setSettled] = useState(false);
  const settledRef = useRef(false);
  const continuedRef = useRef(false);
  // Typed since the draft was last written (what the form signalled before this loaded included).
  const pending = useRef(signals.hasChanged);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef({ read, blank });
  useEffect(() => {
    latest.current = { read, blank };
  });

  const write = useCallback(() => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (!pending.current || !keep || !settledRef.current || signals.isHandedOver) return;
    pending.current = false;
    const content = latest.current.read();
    const { blank: start } = latest.current;
    void inTurn(() =>
      isBlankContent(content, start)
        ? removeDraft(form, ownerId)
        : putDraft(form, ownerId, { values: draftValuesOf(content.values), photos: content.photos }),
    ).catch((error: unknown) => console.warn('The draft could not be kept on this phone', error));
  }, [form, ownerId, keep, signals]);

  const settle = useCallback(() => {
    settledRef.current = true;
    setSettled(true);
    if (pending.current) write();
  }, [write]);

  useEffect(() => {
    if (!keep) return undefined;
    let live = true;
    void inTurn(async () => {
      // Handed over before this loaded: the post is in the outbox, and its draft goes.
      if (signals.isHandedOver) return removeDraft(form, ownerId);
      const row = await getDraft(form, ownerId);
      if (!live) return;
      if (row) setOffered(row);
      else settle();
    }).catch(() => {
      if (live) settle(); // No store on this phone (private mode): the form works without drafts.
    });
    return () => {
      live = false;
    };
  }, [form, ownerId, keep, settle, signals]);

  useEffect(
    () =>
      signals.listen(() => {
        clearTimeout(timer.current);
        if (signals.isHandedOver) {
          pending.current = false;
          setOffered(undefined);
          if (keep) void inTurn(() => removeDraft(form, ownerId)).catch(() => undefined);
          return;
        }
        pending.current = true;
        if (settledRef.current) timer.current = setTimeout(write, DRAFT_SAVE_DELAY_MS);
      }),
    [signals, write, form, ownerId, keep],
  );

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

  const continueDraft = useCallback(() => {
    setOffered(undefined);
    pending.current = false;
    settle();
    if (!offered) return undefined;
    continuedRef.current = true;
    return { values: formValuesFromDraft(latest.current.blank, offered.values), photos: offered.photos };
  }, [offered, settle]);

  const startOver = useCallback(() => {
    setOffered(undefined);
    void inTurn(() => removeDraft(form, ownerId)).catch(() => undefined);
    settle();
  }, [form, ownerId, settle]);

  // A continued draft is what the form holds: leaving asks too.
  const hasChanges = useCallback(
    () => (signals.hasChanged || continuedRef.current) && !signals.isHandedOver,
    [signals],
  );

  return { offeredAt: offered?.savedAt, continueDraft, startOver, hasChanges, keeping: keep && settled };
}
