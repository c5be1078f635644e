/**
 * The header's 'Change password' entry for a signed-in player with an account (AppHeader shows it
 * beside Logout; guests have no password). On phones it is the key icon alone (HeaderDialogButton).
 */
import { IconKey } from '../../../components/ui/icons';
import { ChangePasswordDialog } from './change-password-dialog';
import { HeaderDialogButton } from './header-dialog-button';
import './change-password.css';

export interface ChangePasswordButtonProps {
  /** The account's email (for password managers); null when it has none. */
  email: string | null;
}

export function ChangePasswordButton({ email }: ChangePasswordButtonProps) {
  return <HeaderDialogButton label="Change password" name="change-password" icon={IconKey} dialog={(close) => <ChangePasswordDialog email={email} onClose={close} />} />;
}
