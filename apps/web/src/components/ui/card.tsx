import type { HTMLAttributes, ReactNode } from 'react';
import { useId } from 'react';
import { cx } from './cx';

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, 'title'> {
  /** Heading text; when given, the card is a labelled region (section + aria-labelledby). */
  title?: ReactNode;
  /** Smaller line under the title. */
  subtitle?: ReactNode;
  /** A short decorative glyph shown in a tinted square before the title (e.g. '∑'). */
  icon?: ReactNode;
  /** Right-aligned header content (buttons, badges). */
  actions?: ReactNode;
  /** Heading level of the title. Default 2. */
  headingLevel?: 2 | 3;
  /** 'default' (24 px padding), 'tight' (16 px) or 'flat' (no shadow). */
  tone?: 'default' | 'tight' | 'flat';
  children?: ReactNode;
}

/** A white rounded panel (`.card`) with an optional header. */
export function Card({
  title,
  subtitle,
  icon,
  actions,
  headingLevel = 2,
  tone = 'default',
  className,
  children,
  ...rest
}: CardProps) {
  const headingId = useId();
  const Heading = headingLevel === 3 ? 'h3' : 'h2';
  const hasHeader = title !== undefined || actions !== undefined;
  return (
    <section
      className={cx('card', tone === 'tight' && 'card-tight', tone === 'flat' && 'card-flat', className)}
      aria-labelledby={title !== undefined ? headingId : undefined}
      {...rest}
    >
      {hasHeader ? (
        <header className="card-header above-symbols">
          <div className="row" style={{ alignItems: 'flex-start' }}>
            {icon ? (
              <span className="card-icon" aria-hidden="true">
                {icon}
              </span>
            ) : null}
            <div>
              {title !== undefined ? (
                <Heading id={headingId} className="card-title">
                  {title}
                </Heading>
              ) : null}
              {subtitle ? <p className="card-subtitle">{subtitle}</p> : null}
            </div>
          </div>
          {actions ? <div className="cluster">{actions}</div> : null}
        </header>
      ) : null}
      {children}
    </section>
  );
}
