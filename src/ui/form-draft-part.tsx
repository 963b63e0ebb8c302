import { m } from '@/i18n/generated/messages.js';
import type { DraftForm } from '@/lib/drafts/drafts-db';
import { useFormDraft, type FormDraftOptions } from '@/lib/drafts/use-form-draft';
import { DraftOffer } from './draft-offer';
import { LeaveFormGuard } from './leave-form-guard';

const offerTitles: Record<DraftForm, () => string> = {
  'rent-ad': () => m.ui_draft_rent_ad_title(),
  'service-offer': () => m.ui_draft_service_offer_title(),
};

export interface FormDraftPartProps<T extends Record<string, unknown>> extends FormDraftOptions<T> {
  /** The person continues the offered draft: the form fills itself with it. */
  onContinue: (draft: { values: T; photos: Blob[] }) => void;
}

/**
 * A form's draft and what the form shows of it (src/lib/drafts/use-form-draft.ts): the offer to continue it, and the
 * question before the form is left with changes. A chunk of its own, with the drafts' store and Dexie, loaded as the
 * form draws (`lazyOptional`), so none of it is in the form's first load (decision 0026). Should it fail to load, the
 * form works without drafts.
 */
export function FormDraftPart<T extends Record<string, unknown>>({ onContinue, ...options }: FormDraftPartProps<T>) {
  const draft = useFormDraft(options);
  return (
    <>
      <LeaveFormGuard shouldAsk={draft.hasChanges} kept={draft.keeping} />
      {draft.offeredAt !== undefined ? (
        <DraftOffer
          title={offerTitles[options.form]()}
          savedAt={draft.offeredAt}
          onContinue={() => {
            const kept = draft.continueDraft();
            if (kept) onContinue(kept);
          }}
          onStartOver={draft.startOver}
        />
      ) : null}
    </>
  );
}
