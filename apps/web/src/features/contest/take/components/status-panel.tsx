/**
 * A centred message card with a glyph, a title and actions: the contest screens' empty and error
 * states ('Contest ∉ Available Set', 'Attempt ∉ Database', "Time's up!").
 */
import type { ReactNode } from 'react';
import { cx } from '../../../../components/ui';

export interface StatusPanelProps {
  /** Large decorative glyph or icon (e.g. '∅'). */
  glyph: ReactNode;
  tone?: 'primary' | 'danger' | 'warning';
  title: string;
  children?: ReactNode;
  actions?: ReactNode;
  /** 'alert' for time-critical news ("Time's up!"); default 'status'. */
  role?: 'status' | 'alert';
}

export function StatusPanel({ glyph, tone = 'primary', title, children, actions, role = 'status' }: StatusPanelProps) {
  return (
    <div className="ctake-status-wrap">
      <section className="card ctake-status" role={role} aria-live={role === 'alert' ? 'assertive' : 'polite'}>
        <span className={cx('ctake-status-glyph', `ctake-status-glyph-${tone}`)} aria-hidden="true">
          {glyph}
        </span>
        <h1 className="ctake-status-title">{title}</h1>
        {children ? <div className="ctake-status-body">{children}</div> : null}
        {actions ? <div className="ctake-status-actions">{actions}</div> : null}
      </section>
    </div>
  );
}
