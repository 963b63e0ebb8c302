import { useEffect, useId, useRef, type ReactNode } from 'react';
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
 * close it, and the page behind is inert.
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
        <div className="dialog__panel">
          <header className="dialog__header">
            <div>
              <h2 id={titleId} className="dialog__title">
                {title}
              </h2>
              {subtitle ? <p className="dialog__subtitle">{subtitle}</p> : null}
            </div>
            <button type="button" className="dialog__close" onClick={onClose} aria-label="Close">
              ×
            </button>
          </header>
          <div className="dialog__body">{children}</div>
        </div>
      ) : null}
    </dialog>
  );
}
