import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { dismissToast, toastsAtom, type Toast } from './toast-atoms';
import './toaster.css';

const ICONS: Record<Toast['type'], string> = { success: '✓', error: '!', info: 'i', warning: '!' };

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    if (toast.duration <= 0) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration]);

  return (
    <div
      className={`toast toast--${toast.type}`}
      role={toast.type === 'error' ? 'alert' : 'status'}
      data-toast-type={toast.type}
    >
      <span className="toast__icon" aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label="Close notification"
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </div>
  );
}

export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  return (
    <div className="toaster" aria-live="polite">
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} />
      ))}
    </div>
  );
}
