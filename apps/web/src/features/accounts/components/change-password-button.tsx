/**
 * The header's 'Change password' entry for a signed-in player with an account (AppHeader shows it
 * beside Logout; guests have no password). On phones it is the key icon alone, its name kept for
 * screen readers, so the header still fits beside the avatar and Logout.
 */
import { useState } from 'react';
import { Button } from '../../../components/ui/button';
import { IconKey } from '../../../components/ui/icons';
import { ChangePasswordDialog } from './change-password-dialog';
import './change-password.css';

export interface ChangePasswordButtonProps {
  /** The account's email (for password managers); null when it has none. */
  email: string | null;
}

export function ChangePasswordButton({ email }: ChangePasswordButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="change-password-open"
        aria-haspopup="dialog"
        icon={<IconKey size={16} />}
        onClick={() => setOpen(true)}
      >
        <span className="change-password-open-label visually-hidden-on-phone">Change password</span>
      </Button>
      {open ? <ChangePasswordDialog email={email} onClose={() => setOpen(false)} /> : null}
    </>
  );
}
