export const REGISTRATION_STEPS = [
  'Starting registration',
  'Creating account',
  'Optimizing profile image',
  'Uploading profile image',
  'Saving your information',
  'Finalizing registration',
  'Registration completed',
] as const;
export type RegistrationStep = (typeof REGISTRATION_STEPS)[number];

const PHOTO_STEPS: readonly RegistrationStep[] = ['Optimizing profile image', 'Uploading profile image'];

/** The progress messages of registration, in order, with the current one marked. */
export function RegistrationProgress({ current, withPhoto }: { current: RegistrationStep; withPhoto: boolean }) {
  const steps = REGISTRATION_STEPS.filter((step) => withPhoto || !PHOTO_STEPS.includes(step));
  const currentIndex = steps.indexOf(current);
  return (
    <ol className="progress-steps" aria-label="Registration progress">
      {steps.map((step, index) => {
        const state =
          index < currentIndex || current === 'Registration completed'
            ? 'done'
            : index === currentIndex
              ? 'current'
              : 'todo';
        return (
          <li
            key={step}
            className={`progress-steps__item progress-steps__item--${state}`}
            aria-current={state === 'current' ? 'step' : undefined}
          >
            <span className="progress-steps__mark" aria-hidden="true">
              {state === 'done' ? '✓' : state === 'current' ? '•' : '○'}
            </span>
            {step}
          </li>
        );
      })}
    </ol>
  );
}
