import { m } from '@/i18n/generated/messages.js';

export const REGISTRATION_STEPS = [
  'starting',
  'creating-account',
  'optimizing-photo',
  'uploading-photo',
  'saving',
  'finalizing',
  'completed',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

const PHOTO_STEPS: readonly RegistrationStep[] = ['optimizing-photo', 'uploading-photo'];

/** The progress message of each step, in the page's language (a function: read as the page renders). */
const STEP_MESSAGES: Readonly<Record<RegistrationStep, () => string>> = {
  starting: m.accounts_step_starting,
  'creating-account': m.accounts_step_creating_account,
  'optimizing-photo': m.accounts_step_optimizing_photo,
  'uploading-photo': m.accounts_step_uploading_photo,
  saving: m.accounts_step_saving,
  finalizing: m.accounts_step_finalizing,
  completed: m.accounts_step_completed,
};

export function registrationStepText(step: RegistrationStep): string {
  return STEP_MESSAGES[step]();
}

/**
 * The progress messages of registration, in order, with the current one marked. A number verified by SMS code has
 * its sign-in account already (`withNewIdentity` false): no account is created for it.
 */
export function RegistrationProgress({
  current,
  withPhoto,
  withNewIdentity = true,
}: {
  current: RegistrationStep;
  withPhoto: boolean;
  withNewIdentity?: boolean;
}) {
  const steps = REGISTRATION_STEPS.filter(
    (step) => (withPhoto || !PHOTO_STEPS.includes(step)) && (withNewIdentity || step !== 'creating-account'),
  );
  const currentIndex = steps.indexOf(current);
  return (
    <ol className="progress-steps" aria-label={m.accounts_registration_progress()}>
      {steps.map((step, index) => {
        const state =
          index < currentIndex || current === 'completed' ? 'done' : index === currentIndex ? 'current' : 'todo';
        return (
          <li
            key={step}
            className={`progress-steps__item progress-steps__item--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="progress-steps__mark" aria-hidden="true">
              {state === 'done' ? '✓' : state === 'current' ? '•' : '○'}
            </span>
            {registrationStepText(step)}
          </li>
        );
      })}
    </ol>
  );
}
