/**
 * What jsdom lacks for Basha's dialogs (src/ui/dialog.tsx): modal `<dialog>` (showModal, close) and media queries
 * (the dialog's motion asks for reduced motion and the kind of pointer). Drawn as the browser would, minus the
 * backdrop: an open dialog has its `open` attribute. Call it in a jsdom test file before a dialog opens.
 */
export function letJsdomOpenDialogs(): void {
  window.matchMedia ??= (query: string): MediaQueryList =>
    Object.assign(new EventTarget(), {
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
    });
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
}
