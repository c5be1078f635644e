/**
 * The numeric answer field with 'Submit Answer' (spec §2 "Multiplayer game"; §5 answer rules).
 * Enter submits (it is a form). The field stays enabled while an answer is in flight so that focus
 * never leaves it; the parent ignores submits while busy or over, and puts focus back afterwards.
 */
import type { RefObject } from 'react';
import { Button } from '../../../components/ui';
import { sanitizeAnswerInput, toggleSign } from '../lib/answer';

export interface AnswerFormProps {
  value: string;
  onChange: (value: string) => void;
  onSubmit: () => void;
  inputRef: RefObject<HTMLInputElement | null>;
  /** The game is over: the field and button are disabled (spec §5: submission is blocked once over). */
  disabled?: boolean;
  /** An answer is on its way: the button shows a spinner. */
  busy?: boolean;
  /** Marks the field after a wrong answer. */
  invalid?: boolean;
}

export function AnswerForm({ value, onChange, onSubmit, inputRef, disabled = false, busy = false, invalid = false }: AnswerFormProps) {
  return (
    <form
      className="duel-answer-form"
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      <label htmlFor="answer-input" className="visually-hidden">
        Your answer
      </label>
      <div className="duel-answer-row">
        <button
          type="button"
          className="duel-sign-toggle"
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
          id="answer-input"
          ref={inputRef}
          className="input duel-answer-input tabular"
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
