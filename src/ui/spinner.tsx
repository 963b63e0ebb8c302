import { m } from '@/i18n/generated/messages.js';

export function Spinner({ small, label = m.common_loading() }: { small?: boolean; label?: string }) {
  return <span className={small ? 'spinner spinner--small' : 'spinner'} role="status" aria-label={label} />;
}

/** A whole-area loading state, used while a page or the sign-in state loads. */
export function SpinnerScreen({ label = m.common_loading_screen() }: { label?: string }) {
  return (
    <div className="spinner-screen">
      <Spinner label={label} />
      <span>{label}</span>
    </div>
  );
}
