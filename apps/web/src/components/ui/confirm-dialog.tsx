/**
 * A modal confirmation built on the native <dialog> element with showModal(): the browser traps
 * focus inside it, makes the page behind inert, closes it on Escape and restores focus to the
 * opener, so keyboard and screen-reader users get a real modal without a focus-trap library.
 * Focus starts on Cancel: a confirmation guards something that cannot be undone, so a stray Enter
 * must not confirm it.
 */
import { useEffect, useId, useRef, type ReactNode } from 'react';
import { Button, type ButtonVariant } from './button';
import './dialog-shell.css';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  /** The explanation, read out as the dialog's description. */
  children: ReactNode;
  confirmLabel: string;
  /** Label of the confirm button while `busy` (e.g. 'Computing...'). */
  busyLabel?: string;
  cancelLabel?: string;
  /** Style of the confirm button. Default 'primary'. */
  confirmVariant?: ButtonVariant;
  /** Decorative glyph in a tinted circle above the title. */
  icon?: ReactNode;
  /** The confirmed action is running: both buttons are disabled and Escape is ignored. */
  busy?: boolean;
  onConfirm: () => void;
  /** Cancel, Escape or a click on the backdrop. */
  onCancel: () => void;
}

export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  busyLabel,
  cancelLabel = 'Cancel',
  confirmVariant = 'primary',
  icon,
  busy = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLButtonElement>('[data-initial-focus]')?.focus();
    } else if (!open && dialog.open) {
      dialog.close();
    }
  }, [open]);

  return (
    <dialog
      ref={ref}
      className="dialog-shell confirm-dialog"
      aria-labelledby={titleId}
      aria-describedby={bodyId}
      aria-busy={busy || undefined}
      onCancel={(e) => {
        // Escape: let the parent decide (it owns `open`), and never while the action runs.
        e.preventDefault();
        if (!busy) onCancel();
      }}
      onClick={(e) => {
        // A click on the backdrop lands on the <dialog> itself, outside its inner panel.
        if (e.target === e.currentTarget && !busy) onCancel();
      }}
    >
      <div className="confirm-dialog-panel">
        {icon ? (
          <span className="confirm-dialog-icon" aria-hidden="true">
            {icon}
          </span>
        ) : null}
        <h2 id={titleId} className="confirm-dialog-title">
          {title}
        </h2>
        <div id={bodyId} className="confirm-dialog-body">
          {children}
        </div>
        <div className="confirm-dialog-actions">
          <Button data-initial-focus variant="ghost" onClick={onCancel} disabled={busy}>
            {cancelLabel}
          </Button>
          <Button variant={confirmVariant} onClick={onConfirm} loading={busy}>
            {busy && busyLabel ? busyLabel : confirmLabel}
          </Button>
        </div>
      </div>
    </dialog>
  );
}
