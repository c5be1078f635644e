/**
 * The side grid of numbered question buttons (spec §2 "Question view": the current one highlighted,
 * answered ones ticked), and the summary's question matrix (5 or 10 columns). Both jump to a
 * question (spec §4: jumping loads its saved answer).
 *
 * Each grid is one tab stop (issue #47: on the summary, Tab went through all 20 cells before
 * 'Execute Submit'): the current cell, else the first open one, takes Tab; the arrow keys, Home and
 * End move between cells (lib/attempt-navigation `gridKeyTarget`, WAI-ARIA APG roving tabindex).
 */
import { useRef, useState, type CSSProperties, type KeyboardEvent } from 'react';
import { cx } from '../../../../components/ui';
import { firstUnanswered, gridKeyTarget, type SavedAnswers } from '../lib/attempt-navigation';
import { IconCheck } from './contest-icons';

export interface QuestionGridProps {
  total: number;
  saved: SavedAnswers;
  /** Current index; none highlighted on the summary. */
  current: number | null;
  onJump: (index: number) => void;
  /** Columns: the side grid uses 5; the matrix 5 on phones, else 10. */
  columns: number;
  variant: 'side' | 'matrix';
  label: string;
  disabled?: boolean;
}

export function QuestionGrid({ total, saved, current, onJump, columns, variant, label, disabled = false }: QuestionGridProps) {
  const listRef = useRef<HTMLOListElement>(null);
  // The cell arrows last moved to; the current (or first open) one until then and after a jump.
  const [moved, setMoved] = useState<{ from: number | null; to: number } | null>(null);
  const home = current ?? Math.min(firstUnanswered(saved, total), Math.max(0, total - 1));
  const active = moved && moved.from === current ? moved.to : home;

  const onKeyDown = (event: KeyboardEvent<HTMLOListElement>) => {
    // The columns drawn, which narrow screens change in CSS (take.css), not the prop.
    const drawn = listRef.current ? Number.parseInt(getComputedStyle(listRef.current).getPropertyValue('--qgrid-cols'), 10) : Number.NaN;
    const target = gridKeyTarget(event.key, active, total, Number.isFinite(drawn) ? drawn : columns);
    if (target === null) return;
    event.preventDefault();
    setMoved({ from: current, to: target });
    listRef.current?.querySelectorAll<HTMLButtonElement>('.qgrid-cell')[target]?.focus();
  };

  return (
    <nav aria-label={label}>
      <ol
        ref={listRef}
        className={cx('list-reset qgrid', `qgrid-${variant}`)}
        role="list"
        style={{ '--qgrid-cols': columns } as CSSProperties}
        onKeyDown={onKeyDown}
      >
        {Array.from({ length: total }, (_, i) => {
          const answered = saved[i] !== undefined;
          const isCurrent = current === i;
          return (
            <li key={i}>
              <button
                type="button"
                className={cx('qgrid-cell', answered && 'qgrid-cell-answered', isCurrent && 'qgrid-cell-current')}
                onClick={() => onJump(i)}
                onFocus={() => i !== active && setMoved({ from: current, to: i })}
                tabIndex={i === active ? 0 : -1}
                disabled={disabled}
                aria-current={isCurrent ? 'step' : undefined}
                aria-label={`Question ${i + 1}, ${answered ? 'answered' : 'not answered'}`}
              >
                <span className="tabular">{i + 1}</span>
                {answered ? (
                  <span className="qgrid-tick" aria-hidden="true">
                    <IconCheck size={10} strokeWidth={3.5} />
                  </span>
                ) : null}
              </button>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
