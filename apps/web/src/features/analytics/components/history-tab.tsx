/**
 * History tab (spec §2): a scrollable timeline of past contests, most recent first. Clicking one
 * opens its details view (spec §4).
 */
import type { ContestHistoryEntry } from '@mathsprint/shared/protocol';
import { Fragment } from 'react';
import { formatMmSs } from '../../../components/ui/time';
import { BadgeList } from '../../contest';
import { historyFigures, longDate } from '../lib/analytics';

export interface HistoryTabProps {
  history: readonly ContestHistoryEntry[];
  onOpen: (contestId: string) => void;
}

export function HistoryTab({ history, onOpen }: HistoryTabProps) {
  return (
    // tabIndex: a scrollable region must be reachable by keyboard to scroll it.
    <ol className="analytics-timeline list-reset" tabIndex={0} aria-label="Past contests">
      {history.map((h) => (
        <li key={h.contestId} className="timeline-item">
          <button type="button" className="timeline-button" onClick={() => onOpen(h.contestId)}>
            <span className="timeline-dot" aria-hidden="true" />
            <span className="timeline-main">
              <span className="timeline-title">{h.contestTitle}</span>
              <time className="timeline-date" dateTime={h.contestDate}>
                {longDate(h.contestDate)}
              </time>
              {h.badges.length > 0 ? <BadgeList codes={h.badges} max={3} size="sm" /> : null}
            </span>
            <span className="timeline-figures">
              <span className="timeline-score">
                {h.score}
                <small> pts</small>
              </span>
              <span className="timeline-meta">
                {/* The separators sit between the unbreakable figures, where the line may wrap. */}
                {[...historyFigures(h), formatMmSs(h.totalTime)].map((figure, i) => (
                  <Fragment key={i}>
                    {i > 0 ? ' · ' : null}
                    <span className="timeline-meta-item">{figure}</span>
                  </Fragment>
                ))}
              </span>
            </span>
            <span className="timeline-chevron" aria-hidden="true">
              ›
            </span>
          </button>
        </li>
      ))}
    </ol>
  );
}
