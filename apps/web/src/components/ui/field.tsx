import { useId, useState, type InputHTMLAttributes, type ReactNode, type Ref } from 'react';
import { cx } from './cx';

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  /** Visible label, tied to the input with htmlFor/id. */
  label: ReactNode;
  /** Lines of help under the input (linked with aria-describedby). */
  hints?: ReactNode[];
  /** Error text; sets aria-invalid and is announced (role="alert"). */
  error?: string | null;
  /** Optional fixed id; generated otherwise. */
  id?: string;
  /** Content placed under the hints (e.g. a strength meter). */
  footer?: ReactNode;
  /** Larger input (answer fields). */
  large?: boolean;
  /** The `<input>` element (React 19 passes `ref` as a prop), for a caller that moves focus to it. */
  ref?: Ref<HTMLInputElement>;
}

/** The input's id (given or generated), the ids of its hint and error lines, and its aria-describedby. */
function useFieldIds(id: string | undefined, hints: ReactNode[] | undefined, error: string | null | undefined) {
  const generated = useId();
  const inputId = id ?? generated;
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const describedBy = [hints?.length ? hintId : null, error ? errorId : null].filter(Boolean).join(' ') || undefined;
  return { inputId, hintId, errorId, describedBy };
}

/** A labelled text input with hints and an error line. */
export function Field({ label, hints, error, id, footer, large, className, ...input }: FieldProps) {
  const { inputId, hintId, errorId, describedBy } = useFieldIds(id, hints, error);
  return (
    <div className={cx('field', className)}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <input
        id={inputId}
        className={cx('input', large && 'input-lg')}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        {...input}
      />
      <FieldMessages hintId={hintId} hints={hints} errorId={errorId} error={error} />
      {footer}
    </div>
  );
}

export interface PasswordFieldProps extends Omit<FieldProps, 'type'> {
  /** Accessible names of the toggle; default 'Show password' / 'Hide password'. */
  showLabel?: string;
  hideLabel?: string;
}

/** A password input with a Show/Hide toggle (spec §2 Login, Signup). */
export function PasswordField({
  label,
  hints,
  error,
  id,
  footer,
  large,
  className,
  showLabel = 'Show password',
  hideLabel = 'Hide password',
  ...input
}: PasswordFieldProps) {
  const { inputId, hintId, errorId, describedBy } = useFieldIds(id, hints, error);
  const [visible, setVisible] = useState(false);
  return (
    <div className={cx('field', className)}>
      <label className="field-label" htmlFor={inputId}>
        {label}
      </label>
      <div className="input-group">
        <input
          id={inputId}
          type={visible ? 'text' : 'password'}
          className={cx('input', large && 'input-lg')}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          {...input}
        />
        <button
          type="button"
          className="input-group-action"
          aria-label={visible ? hideLabel : showLabel}
          aria-pressed={visible}
          aria-controls={inputId}
          onClick={() => setVisible((v) => !v)}
        >
          {visible ? 'Hide' : 'Show'}
        </button>
      </div>
      <FieldMessages hintId={hintId} hints={hints} errorId={errorId} error={error} />
      {footer}
    </div>
  );
}

function FieldMessages({
  hintId,
  hints,
  errorId,
  error,
}: {
  hintId: string;
  hints?: ReactNode[] | undefined;
  errorId: string;
  error?: string | null | undefined;
}) {
  return (
    <>
      {hints?.length ? (
        <ul id={hintId} className="field-hint list-reset field-hints" role="list">
          {hints.map((hint, i) => (
            <li key={i}>{hint}</li>
          ))}
        </ul>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
