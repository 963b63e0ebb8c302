import { Suspense } from 'react';
import type { FormDraftPart as FormDraftPartComponent, FormDraftPartProps } from './form-draft-part';
import { lazyOptional } from './lazy-optional';

// Loaded as the form draws, not with it (./form-draft-part.tsx). `lazyOptional` cannot carry the part's type
// parameter; the cast gives it back.
const FormDraftPart = lazyOptional(() =>
  import('./form-draft-part').then((module) => module.FormDraftPart),
) as typeof FormDraftPartComponent;

/** Where a form's draft part goes: nothing until its code has come. */
export function FormDraftSlot<T extends Record<string, unknown>>(props: FormDraftPartProps<T>) {
  return (
    <Suspense fallback={null}>
      <FormDraftPart {...props} />
    </Suspense>
  );
}
