import { useAtomValue } from 'jotai';
import { useEffect, useState, type ReactNode } from 'react';
import { m } from '@/i18n/generated/messages.js';
import { useMotionKit, type MotionKit } from '../motion/use-motion-kit';
import { dismissToast, toastsAtom, type Toast } from './toast-atoms';
import './toaster.css';

const ICONS: Record<Toast['type'], string> = { success: '✓', error: '!', info: 'i', warning: '!' };

const frameProps = (toast: Toast) => ({
  className: `toast toast--${toast.type}`,
  role: toast.type === 'error' ? 'alert' : 'status',
  'data-toast-type': toast.type,
});

/** With framer-motion (`kit`, given by the Toaster), a toast drops in and slides away as it closes. */
function ToastFrame({ toast, kit, children }: { toast: Toast; kit: MotionKit | undefined; children: ReactNode }) {
  if (!kit) return <div {...frameProps(toast)}>{children}</div>;
  return (
    <MovingToast toast={toast} kit={kit}>
      {children}
    </MovingToast>
  );
}

function MovingToast({ toast, kit, children }: { toast: Toast; kit: MotionKit; children: ReactNode }) {
  const from = kit.useEntranceFrom({ opacity: 0, y: -8 });
  return (
    <kit.m.div
      {...frameProps(toast)}
      initial={from}
      animate={{ opacity: 1, y: 0 }}
      exit={{ opacity: 0, x: 24 }}
      transition={{ duration: 0.18, ease: 'easeOut' }}
    >
      {children}
    </kit.m.div>
  );
}

function ToastItem({ toast, kit }: { toast: Toast; kit: MotionKit | undefined }) {
  useEffect(() => {
    if (toast.duration <= 0) return;
    const timer = setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => clearTimeout(timer);
  }, [toast.id, toast.duration]);

  return (
    <ToastFrame toast={toast} kit={kit}>
      <span className="toast__icon" aria-hidden="true">
        {ICONS[toast.type]}
      </span>
      <p className="toast__message">{toast.message}</p>
      <button
        type="button"
        className="toast__close"
        aria-label={m.ui_toast_close()}
        onClick={() => dismissToast(toast.id)}
      >
        ×
      </button>
    </ToastFrame>
  );
}

/**
 * The toasts, newest last. The stack takes framer-motion (for the exit of a closing toast) only while no toast
 * is shown: wrapping the toasts anew would remount those on screen.
 */
export function Toaster() {
  const toasts = useAtomValue(toastsAtom);
  const loaded = useMotionKit();
  const [kit, setKit] = useState<MotionKit>();
  if (loaded && !kit && toasts.length === 0) setKit(loaded);
  const items = toasts.map((toast) => <ToastItem key={toast.id} toast={toast} kit={kit} />);
  return (
    <div className="toaster" aria-live="polite">
      {kit ? (
        <kit.MotionScope>
          <kit.AnimatePresence initial={false}>{items}</kit.AnimatePresence>
        </kit.MotionScope>
      ) : (
        items
      )}
    </div>
  );
}
