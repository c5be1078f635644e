/**
 * The header's account entries (Change password, Delete account) share one shape: a small ghost
 * button with an icon that opens its dialog, and the dialog rendered only while open (so every
 * opening starts afresh, components/ui/modal). On phones the button is its icon alone, its name
 * kept for screen readers, so the header still fits beside the avatar and Logout.
 */
import { useState, type ComponentType, type ReactNode } from 'react';
import { Button } from '../../../components/ui/button';
import type { IconProps } from '../../../components/ui/icons';

export interface HeaderDialogButtonProps {
  /** The button's name: shown from tablet width up, read out everywhere. */
  label: string;
  /** The icon (components/ui/icons) shown before the name at 16 px, alone on phones. */
  icon: ComponentType<IconProps>;
  /**
   * The entry's class prefix: the button gets `${name}-open`, its label `${name}-open-label`
   * (the entry's stylesheet and the browser tests find them by these).
   */
  name: string;
  /** The dialog, given the function that closes it; rendered only while open. */
  dialog: (close: () => void) => ReactNode;
}

export function HeaderDialogButton({ label, icon: Icon, name, dialog }: HeaderDialogButtonProps) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="ghost" size="sm" className={`${name}-open`} aria-haspopup="dialog" icon={<Icon size={16} />} onClick={() => setOpen(true)}>
        <span className={`${name}-open-label visually-hidden-on-phone`}>{label}</span>
      </Button>
      {open ? dialog(() => setOpen(false)) : null}
    </>
  );
}
