import { useEffect, useId, useRef, type ReactNode } from 'react';
import { m } from '@/i18n/generated/messages.js';
import { useMotionKitAtMount, type MotionKit } from './motion/use-motion-kit';
import './dialog.css';

interface DialogProps {
  open: boolean;
  onClose: () => void;
  title: ReactNode;
  subtitle?: ReactNode;
  children: ReactNode;
}

/**
 * A modal dialog on the native <dialog> element: focus moves in and is trapped, Escape and the close button
 * close it, and the page behind is inert. Its panel rises in as it opens (framer-motion, once loaded).
 */
export function Dialog({ open, onClose, title, subtitle, children }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes it.
        if (event.target === ref.current) onClose();
      }}
    >
      {open ? (
        <DialogPanel>
          <header className="dialog__header">
            <div>
              <h2 id={titleId} className="dialog__title">
                {title}
              </h2>
              {subtitle ? <p className="dialog__subtitle">{subtitle}</p> : null}
            </div>
            <button type="button" className="dialog__close" onClick={onClose} aria-label={m.ui_dialog_close()}>
              ×
            </button>
          </header>
          <div className="dialog__body">{children}</div>
        </DialogPanel>
      ) : null}
    </dialog>
  );
}

/** The open dialog's content; mounted as the dialog opens, so the kit it sees then is the one it keeps. */
function DialogPanel({ children }: { children: ReactNode }) {
  const kit = useMotionKitAtMount();
  if (!kit) return <div className="dialog__panel">{children}</div>;
  return <RisingDialogPanel kit={kit}>{children}</RisingDialogPanel>;
}

function RisingDialogPanel({ kit, children }: { kit: MotionKit; children: ReactNode }) {
  const from = kit.useEntranceFrom({ opacity: 0, y: 24, scale: 0.97 });
  return (
    <kit.MotionScope>
      <kit.m.div
        className="dialog__panel"
        initial={from}
        animate={{ opacity: 1, y: 0, scale: 1 }}
        transition={{ duration: 0.22, ease: 'easeOut' }}
      >
        {children}
      </kit.m.div>
    </kit.MotionScope>
  );
}
