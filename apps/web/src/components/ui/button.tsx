import type { ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { cx } from './cx';
import { Spinner } from './spinner';

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'success';
export type ButtonSize = 'sm' | 'md' | 'lg';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** Visual style; maps to `.btn-<variant>` in global.css. Default 'primary'. */
  variant?: ButtonVariant;
  /** Default 'md' (44 px tall, a comfortable touch target). */
  size?: ButtonSize;
  /** Full width. */
  block?: boolean;
  /** Shows a spinner before the label, disables the button and sets aria-busy. */
  loading?: boolean;
  /** Optional leading icon (decorative). */
  icon?: ReactNode;
  /** The `<button>` element (React 19 passes `ref` as a prop), for a caller that moves focus to it. */
  ref?: Ref<HTMLButtonElement>;
}

/** The app's button. `type` defaults to "button" so that only explicit submit buttons submit forms. */
export function Button({
  variant = 'primary',
  size = 'md',
  block = false,
  loading = false,
  icon,
  className,
  disabled,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={cx(
        'btn',
        `btn-${variant}`,
        size !== 'md' && `btn-${size}`,
        block && 'btn-block',
        className,
      )}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner /> : icon ? <span aria-hidden="true">{icon}</span> : null}
      {children}
    </button>
  );
}
