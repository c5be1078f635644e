/**
 * The four stat cards of the results page (spec §2: Total Score, Correct, Rank, Percentile), or
 * any four figures of the same look (the contest's own figures for a user who did not take part).
 */
import type { ReactNode } from 'react';
import { cx } from '../../../../components/ui';

export interface StatCardItem {
  label: string;
  value: ReactNode;
  /** Line under the value, e.g. 'of 100 points'. */
  caption: ReactNode;
  icon: ReactNode;
  tone: 'primary' | 'success' | 'gold' | 'violet';
  /** Greyed value: not known yet (before close). */
  muted?: boolean;
}

export function StatCards({ items, label }: { items: readonly StatCardItem[]; label: string }) {
  return (
    <ul className="list-reset cresults-stats" role="list" aria-label={label}>
      {items.map((item) => (
        <li key={item.label} className={cx('cresults-stat', `cresults-stat-${item.tone}`)}>
          <span className="cresults-stat-icon" aria-hidden="true">
            {item.icon}
          </span>
          <span className="cresults-stat-label">{item.label}</span>
          <span className={cx('cresults-stat-value tabular', item.muted && 'cresults-stat-value-muted')}>{item.value}</span>
          <span className="cresults-stat-caption">{item.caption}</span>
        </li>
      ))}
    </ul>
  );
}
