import type { DraftValues } from './drafts-db';

/** What a form holds now: its values (as react-hook-form gives them) and its photos. */
export interface FormContent {
  values: Readonly<Record<string, unknown>>;
  photos: Blob[];
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
