/**
 * The numeric answer field with a ± toggle and 'Submit Answer', shared by the Math Challenge and
 * the single-player challenge (spec §2 "Multiplayer game", "Single-player"; §5 answer rules).
 * Enter submits (it is a form). The field stays enabled while an answer is in flight so that focus
 * never leaves it; the parent ignores submits while busy or over, and puts focus back afterwards.
 */
import { useId, type RefObject } from 'react';
import { sanitizeAnswerInput, toggleSign } from '../../lib/answer-input';
import { Button } from './button';
import { cx } from './cx';
import './answer-form.css';

export interface AnswerFormProps {
  /** The field's text, already sanitised (digits, one leading minus, one decimal point). */
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The game is over: the field, toggle and button are disabled (spec §5: submission is blocked once over). */
  disabled?: boolean;
  /** An answer is on its way: the button shows a spinner. */
  busy?: boolean;
  /** Marks the field after a wrong answer (aria-invalid, red border). */
  invalid?: boolean;
  className?: string;
}

export function AnswerForm({ value, onChange, onSubmit, inputRef, disabled = false, busy = false, invalid = false, className }: AnswerFormProps) {
  const inputId = useId();
  return (
    <form
      className={cx('answer-form', className)}
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <label htmlFor={inputId} className="visually-hidden">
        Your answer
      </label>
      <div className="answer-row">
        <button
          type="button"
          className="answer-sign-toggle"
          onClick={() => {
            onChange(toggleSign(value));
            inputRef.current?.focus();
          }}
          disabled={disabled}
          aria-label="Toggle minus sign"
          title="Toggle minus sign"
        >
          ±
        </button>
        <input
          id={inputId}
          ref={inputRef}
          className="input answer-input tabular"
          type="text"
          inputMode="decimal"
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="off"
          spellCheck={false}
          enterKeyHint="send"
          placeholder="Type your answer"
          autoFocus
          value={value}
          disabled={disabled}
          aria-invalid={invalid || undefined}
          onChange={(e) => onChange(sanitizeAnswerInput(e.target.value))}
        />
      </div>
      <Button type="submit" size="lg" block disabled={disabled} aria-busy={busy || undefined}>
        Submit Answer
      </Button>
    </form>
  );
}
