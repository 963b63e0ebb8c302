import { useEffect } from 'react';

/**
 * After a form is submitted with mistakes, the person is taken to the first one: focus moves to the first field
 * marked `aria-invalid` in the form's visual order, scrolled to the middle of the screen so that neither the
 * fixed header nor the phone's keyboard hides it. react-hook-form's own focusing only reaches fields registered
 * with a ref, in registration order; fields set through `setValue` (service areas, the date picker, photos)
 * were left off-screen with the focus still on the button. Every form marks its invalid fields with
 * `aria-invalid` (src/ui/field.tsx), so one listener serves them all.
 */

/** The first field the person has to fix, in document order; undefined when there is none. */
export function firstInvalidField(form: HTMLFormElement): HTMLElement | undefined {
  return form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? undefined;
}

/** Moves the focus to the form's first invalid field and brings it into view. Answers whether there was one. */
export function focusFirstInvalidField(form: HTMLFormElement): boolean {
  const field = firstInvalidField(form);
  if (!field) return false;
  field.focus({ preventScroll: true });
  const smooth = !window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  field.scrollIntoView({ block: 'center', behavior: smooth ? 'smooth' : 'auto' });
  return true;
}

/**
 * The time validation takes to show: the resolver runs asynchronously and the errors render after it, so the
 * check waits a few frames (the schemas are synchronous; a handful of frames is plenty on a slow phone).
 */
const FRAMES_TO_WAIT = 3;

function afterFrames(count: number, run: () => void): void {
  if (count === 0) run();
  else requestAnimationFrame(() => afterFrames(count - 1, run));
}

/** Installs the listener for the whole app (the root layout calls it once). */
export function useInvalidFieldFocus(): void {
  useEffect(() => {
    const onSubmit = (event: SubmitEvent) => {
      const form = event.target;
      if (!(form instanceof HTMLFormElement)) return;
      afterFrames(FRAMES_TO_WAIT, () => {
        if (form.isConnected) focusFirstInvalidField(form);
      });
    };
    document.addEventListener('submit', onSubmit, true);
    return () => document.removeEventListener('submit', onSubmit, true);
  }, []);
}
