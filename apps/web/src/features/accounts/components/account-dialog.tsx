/**
 * The frame the account dialogs (Change password, Delete account) share: a Modal whose content is
 * one form named by the dialog's title, its fields, then Cancel and the submit button, both held
 * while the request runs. The dialogs own their fields, checks and request.
 */
import type { FormEvent, ReactNode, RefObject } from 'react';
import { Button } from '../../../components/ui/button';
import { Modal } from '../../../components/ui/modal';

/** The words and look of one account dialog, a constant of the dialog's module. */
export interface AccountDialogCopy {
  /** The dialog's class prefix: the Modal gets `${name}-dialog`, for the dialog's own stylesheet. */
  name: string;
  /** The dialog's heading, also the form's accessible name and the submit button's text. */
  title: string;
  /** Said under the heading (the Modal's aria-describedby). */
  description: string;
  /** The submit button's text while the request runs ('Saving...'). */
  busyLabel: string;
  /** A destructive action: the submit button is red. */
  danger?: boolean;
}

export interface AccountDialogProps {
  copy: AccountDialogCopy;
  /** The request runs or has succeeded: Escape and Cancel are held, the submit button spins. */
  busy: boolean;
  /** Cancel or Escape. */
  onClose: () => void;
  formRef: RefObject<HTMLFormElement | null>;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  /** The form's content above the buttons. */
  children: ReactNode;
}

export function AccountDialog({ copy, busy, onClose, formRef, onSubmit, children }: AccountDialogProps) {
  return (
    <Modal title={copy.title} description={copy.description} busy={busy} onClose={onClose} className={`${copy.name}-dialog`}>
      <form ref={formRef} className="stack" onSubmit={onSubmit} noValidate aria-label={copy.title}>
        {children}
        <div className="modal-actions">
          <Button variant="ghost" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" variant={copy.danger ? 'danger' : 'primary'} loading={busy}>
            {busy ? copy.busyLabel : copy.title}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
