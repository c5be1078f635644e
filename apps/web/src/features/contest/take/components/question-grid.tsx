/**
 * The side grid of numbered question buttons (spec §2 "Question view": the current one highlighted,
 * answered ones ticked), and the summary's question matrix (5 or 10 columns). Both jump to a
 * question (spec §4: jumping loads its saved answer).
 */
import type { CSSProperties } from 'react';
import { cx } from '../../../../components/ui';
import type { SavedAnswers } from '../lib/attempt-navigation';
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
  return (
    <nav aria-label={label}>
      <ol className={cx('list-reset qgrid', `qgrid-${variant}`)} role="list" style={{ '--qgrid-cols': columns } as CSSProperties}>
        {Array.from({ length: total }, (_, i) => {
          const answered = saved[i] !== undefined;
          const isCurrent = current === i;
          return (
            <li key={i}>
              <button
                type="button"
                className={cx('qgrid-cell', answered && 'qgrid-cell-answered', isCurrent && 'qgrid-cell-current')}
                onClick={() => onJump(i)}
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
