import { cx } from './cx';

export interface SpinnerProps {
  /** 'md' (28 px, default) or 'lg' (44 px). Inside a .btn it shrinks to the text size. */
  size?: 'md' | 'lg';
  /** Accessible label; when omitted the spinner is decorative (aria-hidden). */
  label?: string;
  className?: string;
}

/** A circular loading indicator. */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  return label ? (
    <span role="status" className={cx('spinner', size === 'lg' && 'spinner-lg', className)}>
      <span className="visually-hidden">{label}</span>
    </span>
  ) : (
    <span aria-hidden="true" className={cx('spinner', size === 'lg' && 'spinner-lg', className)} />
  );
}

export interface LoadingScreenProps {
  /** Main line, e.g. 'Checking session…' or 'Preparing Your Challenge'. */
  title: string;
  /** Optional second line, e.g. 'Loading mathematical problems...'. */
  subtitle?: string;
}

/** A centred spinner with a title, announced politely to screen readers. It stands for the whole
 * screen while that loads, so its title is the page's level-one heading. */
export function LoadingScreen({ title, subtitle }: LoadingScreenProps) {
  return (
    <div className="loading-screen" role="status" aria-live="polite">
      <div className="loading-screen-inner">
        <Spinner size="lg" />
        <h1 className="loading-screen-title">{title}</h1>
        {subtitle ? <p className="text-muted text-small">{subtitle}</p> : null}
      </div>
    </div>
  );
}
