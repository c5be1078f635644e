/**
 * The header's 'Delete account' entry, for every signed-in player, guests included (AppHeader
 * shows it beside Change password and Logout). On phones it is the bin icon alone
 * (HeaderDialogButton).
 */
import { IconTrash } from '../../../components/ui/icons';
import { DeleteAccountDialog } from './delete-account-dialog';
import { HeaderDialogButton } from './header-dialog-button';
import './delete-account.css';

export interface DeleteAccountButtonProps {
  /** Whether the account signs in with a password (it is then asked for); else DELETE is typed. */
  hasPassword: boolean;
}

export function DeleteAccountButton({ hasPassword }: DeleteAccountButtonProps) {
  return <HeaderDialogButton label="Delete account" name="delete-account" icon={IconTrash} dialog={(close) => <DeleteAccountDialog hasPassword={hasPassword} onClose={close} />} />;
}
