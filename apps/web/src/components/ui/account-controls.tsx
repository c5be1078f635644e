/**
 * The top bar's account controls that a feature adds (the accounts feature's 'Change password' and
 * 'Delete account'): components/ui imports no feature, so the app layer (app/root-layout.tsx)
 * provides them here and AppHeader renders them for a signed-in player, before Logout.
 */
import { createContext, useContext, type ReactNode } from 'react';
import type { PublicUser } from '@mathsprint/shared/protocol';

/** Renders the controls for `user` (guests too: they may delete their account). */
export type AccountControls = (user: PublicUser) => ReactNode;

const AccountControlsContext = createContext<AccountControls | null>(null);

/** Supplies the account controls to every AppHeader below it. */
export const AccountControlsProvider = AccountControlsContext.Provider;

/** The account controls supplied above, or null (tests rendering a bare header). */
export function useAccountControls(): AccountControls | null {
  return useContext(AccountControlsContext);
}
