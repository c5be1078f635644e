/**
 * The personal analytics panel (spec §2 "Analytics panel", §4 "Analytics panel view", §6): an
 * Overview tab (four tiles, score line chart, accuracy bar chart, correct/incorrect doughnut, badge
 * list), a History tab (scrollable timeline; clicking a contest opens its details) and the details
 * view with a back button to the overview. A signed-out user or a guest sees that authentication is
 * required (spec §6: guests cannot view analytics); an empty history shows an empty state.
 */
import type { PublicUser } from '@mathsprint/shared/protocol';
import { useEffect, useReducer, useRef, type KeyboardEvent } from 'react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { cx } from '../../../components/ui/cx';
import { IconStar } from '../../../components/ui/icons';
import { getToken } from '../../../lib/storage';
import { useContestProgress } from '../hooks/use-analytics';
import { analyticsViewReducer } from '../lib/analytics';
import { DetailsView } from './details-view';
import { HistoryTab } from './history-tab';
import { OverviewTab } from './overview-tab';
import './analytics.css';

export interface AnalyticsPanelProps {
  user: PublicUser | null;
  /** id of the panel (the card's toggle points at it with aria-controls). */
  id?: string;
  /** Shows a Close button when given. */
  onClose?: () => void;
}

export function AnalyticsPanel({ user, id, onClose }: AnalyticsPanelProps) {
  const signedIn = !!user && !user.isGuest && getToken() !== null;
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    // Opened from the contest card: bring the panel into view (it opens below the card).
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    ref.current?.scrollIntoView({ behavior: reduce ? 'auto' : 'smooth', block: 'start' });
  }, []);

  const close = onClose ? (
    <Button variant="ghost" size="sm" onClick={onClose}>
      Close
    </Button>
  ) : undefined;

  return (
    <div ref={ref} id={id} className="analytics-anchor">
      <Card title="My Analytics" subtitle="Your weekly contest history" icon={<IconStar />} className="analytics-panel" actions={close}>
        {signedIn ? (
          <SignedInAnalytics />
        ) : (
          <div className="analytics-empty">
            <p className="analytics-empty-title">Authentication required</p>
            <p className="text-muted">Please login with an account to see your contest analytics.</p>
            <Link className="btn btn-primary btn-sm" to="/login">
              Login
            </Link>
          </div>
        )}
      </Card>
    </div>
  );
}

function SignedInAnalytics() {
  const [view, dispatch] = useReducer(analyticsViewReducer, { kind: 'overview' });
  const { progress, attempts, loading } = useContestProgress(true);
  // Back from the details: their Back button is gone, so focus lands on the Overview tab it
  // returned to, not on the document.
  const returningFromDetails = useRef(false);
  useEffect(() => {
    if (view.kind !== 'overview' || !returningFromDetails.current) return;
    returningFromDetails.current = false;
    document.getElementById('analytics-tab-overview')?.focus();
  }, [view.kind]);

  if (view.kind === 'details') {
    return (
      <DetailsView
        contestId={view.contestId}
        onBack={() => {
          returningFromDetails.current = true;
          dispatch({ type: 'back' });
        }}
      />
    );
  }

  const tabs = [
    { key: 'overview', label: 'Overview' },
    { key: 'history', label: 'History' },
  ] as const;

  function onTabKeyDown(e: KeyboardEvent<HTMLDivElement>) {
    const current = tabs.findIndex((t) => t.key === view.kind);
    const last = tabs.length - 1;
    const target =
      e.key === 'ArrowRight' ? (current >= last ? 0 : current + 1) : e.key === 'ArrowLeft' ? (current <= 0 ? last : current - 1) : e.key === 'Home' ? 0 : e.key === 'End' ? last : null;
    const tab = target === null ? undefined : tabs[target];
    if (!tab) return;
    e.preventDefault();
    dispatch({ type: 'tab', tab: tab.key });
    document.getElementById(`analytics-tab-${tab.key}`)?.focus();
  }

  return (
    <div className="analytics-body">
      <div className="analytics-tabs" role="tablist" aria-label="Analytics views" onKeyDown={onTabKeyDown}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`analytics-tab-${tab.key}`}
            aria-selected={view.kind === tab.key}
            // One tab stop for the list; the arrow keys move between tabs (WAI-ARIA tabs pattern), as the results' tabs do.
            tabIndex={view.kind === tab.key ? 0 : -1}
            aria-controls={`analytics-tabpanel-${tab.key}`}
            className={cx('analytics-tab', view.kind === tab.key && 'is-active')}
            onClick={() => dispatch({ type: 'tab', tab: tab.key })}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`analytics-tabpanel-${view.kind}`} aria-labelledby={`analytics-tab-${view.kind}`}>
        {loading ? (
          <div className="analytics-loading" role="status" aria-busy="true" aria-label="Loading analytics">
            <span className="skeleton" />
            <span className="skeleton" />
          </div>
        ) : progress.history.length === 0 ? (
          <div className="analytics-empty">
            <p className="analytics-empty-title">No contests yet</p>
            <p className="text-muted">
              Take part in a weekly contest: your scores, accuracy and badges will show up here once it has closed.
            </p>
          </div>
        ) : view.kind === 'overview' ? (
          <OverviewTab progress={progress} attempts={attempts} />
        ) : (
          <HistoryTab history={progress.history} onOpen={(contestId) => dispatch({ type: 'open', contestId })} />
        )}
      </div>
    </div>
  );
}
