/**
 * The header's 'Delete account' entry, for every signed-in player, guests included (AppHeader
 * shows it beside Change password and Logout). On phones it is the bin icon alone, its name kept
 * for screen readers, so the header still fits.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { IconTrash } from '../../../components/ui/icons';
import { DeleteAccountDialog } from './delete-account-dialog';
import './delete-account.css';

export interface DeleteAccountButtonProps {
  /** Whether the account signs in with a password (it is then asked for); else DELETE is typed. */
  hasPassword: boolean;
}

export function DeleteAccountButton({ hasPassword }: DeleteAccountButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="delete-account-open"
        aria-haspopup="dialog"
        icon={<IconTrash size={16} />}
        onClick={() => setOpen(true)}
      >
        <span className="visually-hidden-on-phone">Delete account</span>
      </Button>
      {open ? <DeleteAccountDialog hasPassword={hasPassword} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
