import type { ReactNode } from 'react';
import { cx } from './cx';
import { AppHeader } from './app-header';
import { SkipLink } from './skip-link';

export interface PageProps {
  /** Passed to AppHeader: Logout for signed-in users, 'Create account' for guests. */
  showLogout?: boolean;
  /** Extra top-bar actions. */
  headerActions?: ReactNode;
  /** 'default' (1180 px) or 'narrow' (720 px) content width. */
  width?: 'default' | 'narrow';
  /** Class on <main> (e.g. to give a screen its own background). */
  className?: string;
  children: ReactNode;
}

/** A guarded screen's frame: skip link, top bar and a centred <main id="main">. */
export function Page({ showLogout = false, headerActions, width = 'default', className, children }: PageProps) {
  return (
    <div className="page">
      <SkipLink />
      <AppHeader showLogout={showLogout}>{headerActions}</AppHeader>
      <main id="main" tabIndex={-1} className={cx('page-main', className)}>
        <div className={cx('container', width === 'narrow' && 'container-narrow')}>{children}</div>
      </main>
    </div>
  );
}
