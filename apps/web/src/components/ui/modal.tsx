/**
 * A modal dialog holding a form or other content, on the native <dialog> element with showModal()
 * as ConfirmDialog is: the browser keeps focus inside it and makes the page behind inert. Escape
 * closes it (unless `busy`), and focus goes back to whatever had it before it opened (the opener).
 * Render it only while it is open: it opens on mount and closes on unmount, so the content's state
 * starts afresh every time. A click on the backdrop does not close it: the player may have typed
 * into it, and a stray click should not throw that away.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { cx } from './cx';
import './dialog-shell.css';
import './modal.css';

export interface ModalProps {
  title: string;
  /** A short explanation under the title, read out as the dialog's description. */
  description?: ReactNode;
  /** Something runs that must not be abandoned halfway: Escape is ignored. */
  busy?: boolean;
  /** Escape, or the content's own Cancel. The parent unmounts the modal in answer. */
  onClose: () => void;
  /**
   * The element to focus on opening, as a selector inside the dialog; default the first
   * `[data-autofocus]` element, else the first form control.
   */
  initialFocus?: string;
  className?: string;
  children: ReactNode;
}

export function Modal({ title, description, busy = false, onClose, initialFocus, className, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first = dialog.querySelector<HTMLElement>(initialFocus ?? '[data-autofocus], input, select, textarea, button');
    first?.focus();
    return () => {
      if (dialog.open) dialog.close();
      // The browser restores focus on close(), but not when the open dialog is removed from the
      // page, which is how this one ends; so do it here, if the opener is still there to take it.
      if (opener?.isConnected) opener.focus();
    };
    // Opening happens once per mount; a later change of `initialFocus` must not move the cursor.
  }, []);

  return (
    <dialog
      ref={ref}
      className={cx('dialog-shell', 'modal', className)}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      aria-busy={busy || undefined}
      onCancel={(event) => {
        // Escape: the parent owns whether the modal is shown; never while something runs.
        event.preventDefault();
        if (!busy) onClose();
      }}
    >
      <div className="modal-panel">
        <header className="modal-header">
          <h2 id={titleId} className="modal-title">
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className="modal-description">
              {description}
            </p>
          ) : null}
        </header>
        {children}
      </div>
    </dialog>
  );
}
