/**
 * /contest/{contestId}/results (spec §2 "Contest results", §4, §5, §8; issue #3). No Logout button
 * on this route (spec §2).
 *
 * Without a token: 'Please login to view contest results' and /login. 'Computing Results...' while
 * loading. Then, by phase (lib/results-phase): the full results (header, four stat cards, badges,
 * correct-count bar, tabs Summary / Leaderboard / Answers); before close that the attempt is
 * submitted, its answer count and when results come, with a countdown (issue #47: no score); a user who did not take part
 * in a closed contest sees its leaderboard and statistics; no attempt otherwise gives 'Attempt ∉
 * Database' with Return Home.
 */
import { CONTEST } from '@mathsprint/shared/constants';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button, Card, IconStar, IconTrophy, IconUsers, LoadingScreen, PaceNotice, Page, ProgressBar } from '../../../../components/ui';
import { paths } from '../../../../config/paths';
import { getToken } from '../../../../lib/storage';
import { useStoredUser } from '../../../../lib/use-stored-user';
import { BadgeList } from '../../components/badge-chip';
import { StatusPanel } from '../../take/components/status-panel';
import { formatHhMmSs } from '../../take/lib/contest-time';
import { useContestResults, type ContestResults } from '../hooks/use-contest-results';
import { fieldFigures } from '../lib/field-stats';
import { isGraded, type GradedAttempt } from '../lib/graded';
import { RESULTS_MESSAGES } from '../lib/messages';
import { OUTCOME_MESSAGES, outcomeMessage, placeHonours } from '../lib/outcome-message';
import { ratingDeltaText } from '../lib/performance';
import { AnswersList } from './answers-list';
import { CloseNotice } from './close-notice';
import { LeaderboardTable } from './leaderboard-table';
import { PendingResults } from './pending-results';
import { ResultsHero } from './results-hero';
import { ResultsTabs } from './results-tabs';
import { StatCards, type StatCardItem } from './stat-cards';
import { SummaryTab } from './summary-tab';
import { IconChart, IconCheck, IconHome, IconMedal, IconTarget } from './results-icons';
import '../../take/take.css';
import '../results.css';
import { counted } from '../../../../lib/plural';

type TabId = 'summary' | 'leaderboard' | 'answers';

export function ContestResultsScreen() {
  const { contestId = '' } = useParams();
  const navigate = useNavigate();
  const allowed = getToken() !== null;

  useEffect(() => {
    if (allowed) return;
    toast.error(RESULTS_MESSAGES.loginRequired, { toastId: 'contest-results-login' });
    navigate(paths.login, { replace: true });
  }, [allowed, navigate]);

  const results = useContestResults(contestId, allowed && contestId !== '');

  if (!allowed) return null;
  if (results.loading) {
    return (
      <Page>
        {/* A busy starting point (components/ui/route-change PAGE_START_ATTRIBUTE): the route
            announcer waits for the results rather than focusing this heading, which the results
            replace a moment later, dropping focus to the document. */}
        <div data-page-start="" aria-busy="true">
          <LoadingScreen title={RESULTS_MESSAGES.loading} />
        </div>
      </Page>
    );
  }
  if (results.failed) {
    return (
      <Page width="narrow">
        <StatusPanel
          glyph="!"
          tone="danger"
          title="Results could not be loaded"
          actions={
            <>
              <Button onClick={results.retry}>Try again</Button>
              <ReturnHome variant="ghost" />
            </>
          }
        >
          <p>{RESULTS_MESSAGES.loadFailed}. Check your connection and try again.</p>
        </StatusPanel>
      </Page>
    );
  }

  switch (results.phase) {
    case 'missing':
      return (
        <Page width="narrow">
          <StatusPanel glyph="∅" title={RESULTS_MESSAGES.missing} actions={<ReturnHome />}>
            <p>We found no attempt of yours for this contest. Results appear here once you have taken part.</p>
          </StatusPanel>
        </Page>
      );
    case 'open':
      return (
        <Page width="narrow">
          <StatusPanel
            glyph={<IconTarget size={32} />}
            tone="warning"
            title="Your contest is still open"
            actions={
              <>
                <Link to={paths.contest(contestId)} className="btn btn-primary btn-lg">
                  Return to Contest
                </Link>
                <ReturnHome variant="ghost" />
              </>
            }
          >
            <p>You have not submitted this attempt yet. Your saved answers are waiting for you.</p>
            <p className="ctake-status-spinner tabular">Time remaining {formatHhMmSs(results.secondsToClose)}</p>
          </StatusPanel>
        </Page>
      );
    case 'spectator':
      return <SpectatorView results={results} />;
    default: {
      const { attempt } = results;
      if (!attempt) return null;
      // Before close the server sends no grade (issue #47); just after it, a copy from before may still be in hand.
      if (results.phase === 'pending' || !isGraded(attempt)) {
        return (
          <PendingResults
            title={results.title}
            attempt={attempt}
            questionCount={results.questionCount}
            secondsToClose={results.secondsToClose}
            kind={results.phase === 'pending' ? 'pending' : 'finalizing'}
          />
        );
      }
      return <AttemptResults results={results} attempt={attempt} />;
    }
  }
}

function ReturnHome({ variant = 'primary' }: { variant?: 'primary' | 'ghost' }) {
  return (
    <Link to={paths.home} className={`btn btn-${variant} btn-lg`}>
      <IconHome size={18} /> Return Home
    </Link>
  );
}

function AttemptResults({ results, attempt }: { results: ContestResults; attempt: GradedAttempt }) {
  const user = useStoredUser();
  const [tab, setTab] = useState<TabId>('summary');
  const { phase, questionCount, stats, secondsToClose } = results;
  const final = phase === 'final';
  const waiting = phase === 'finalizing' ? phase : null;
  const participants = stats?.completedAttempts ?? results.leaderboard.length;
  const honours = placeHonours(attempt.rank, attempt.percentile, participants, results.leaderboard.map((row) => row.rank));
  const message = waiting ? OUTCOME_MESSAGES.pending : outcomeMessage({ honours, correctCount: attempt.correctCount, totalScore: attempt.totalScore });
  const delta = ratingDeltaText(attempt.ratingChange);
  const correctPercent = questionCount > 0 ? (attempt.correctCount / questionCount) * 100 : 0;

  const stat: StatCardItem[] = [
    { label: 'Total Score', value: attempt.totalScore, caption: `of ${questionCount * CONTEST.pointsPerQuestion} points`, icon: <IconStar size={18} />, tone: 'primary' },
    { label: 'Correct', value: attempt.correctCount, caption: `of ${questionCount} questions`, icon: <IconCheck size={18} />, tone: 'success' },
    {
      label: 'Rank',
      value: attempt.rank !== null ? `#${attempt.rank}` : '—',
      caption: attempt.rank !== null ? `of ${counted(participants, 'participant')}` : 'revealed at close',
      icon: <IconTrophy size={18} />,
      tone: 'gold',
      muted: attempt.rank === null,
    },
    {
      label: 'Percentile',
      value: attempt.percentile !== null ? `${attempt.percentile}%` : '—',
      caption: attempt.percentile !== null ? 'of the field behind you' : 'revealed at close',
      icon: <IconChart size={18} />,
      tone: 'violet',
      muted: attempt.percentile === null,
    },
  ];

  const locked = waiting ? <CloseNotice kind={waiting} secondsToClose={secondsToClose} compact /> : null;

  return (
    <Page className="cresults-page">
      <div className="stack-lg">
        <ResultsHero
          title={results.title}
          message={message}
          tone={honours?.winner ? 'gold' : 'primary'}
          chips={
            <>
              {attempt.autoSubmitted ? <span className="cresults-chip">Auto-submitted at close</span> : attempt.status === 'submitted' ? <span className="cresults-chip">Submitted</span> : null}
              {attempt.ratingChange && delta ? (
                <span className="cresults-chip tabular">
                  Rating {Math.round(attempt.ratingChange.after)} ({delta})
                </span>
              ) : null}
            </>
          }
        />

        {attempt.paceFlag ? <PaceNotice who="You" effect="this attempt is marked, earns no badge and is left out of the rating" /> : null}
        {waiting ? <CloseNotice kind={waiting} secondsToClose={secondsToClose} /> : null}

        <StatCards items={stat} label="Your results" />

        <Card tone="tight" className="cresults-progress-card">
          <div className="cresults-progress-grid">
            <div className="stack-sm">
              <h2 className="cresults-subhead">
                <IconMedal size={16} /> Badges earned
              </h2>
              {attempt.badges.length > 0 ? (
                <BadgeList codes={attempt.badges} />
              ) : (
                <p className="text-muted text-small">{final ? 'No badges this time — every contest is a new chance.' : 'Badges are awarded when the contest closes.'}</p>
              )}
            </div>
            <div className="stack-sm">
              <div className="row-between">
                <h2 className="cresults-subhead">Correct answers</h2>
                <span className="tabular cresults-progress-figure">
                  {attempt.correctCount} / {questionCount}
                </span>
              </div>
              <ProgressBar value={correctPercent} label="Correct answers" tone="success" size="lg" valueText={`${attempt.correctCount} of ${questionCount} correct`} />
            </div>
          </div>
        </Card>

        <ResultsTabs<TabId>
          label="Contest results"
          selected={tab}
          onSelect={setTab}
          tabs={[
            { id: 'summary', label: 'Summary', content: <SummaryTab attempt={attempt} honours={honours} stats={stats} questionCount={questionCount} final={final} /> },
            {
              id: 'leaderboard',
              label: 'Leaderboard',
              badge: results.leaderboard.length > 0 ? results.leaderboard.length : undefined,
              content: locked ?? <LeaderboardTable entries={results.leaderboard} final={results.leaderboardFinal} questionCount={questionCount} currentUserId={user?._id ?? null} />,
            },
            {
              id: 'answers',
              label: 'Answers',
              content: locked ?? <AnswersList answers={attempt.answers} />,
            },
          ]}
        />
      </div>
    </Page>
  );
}

function SpectatorView({ results }: { results: ContestResults }) {
  const user = useStoredUser();
  const { stats, leaderboard, leaderboardFinal, questionCount } = results;
  const top = leaderboard[0];
  const field = fieldFigures(stats, null);
  const items: StatCardItem[] = [
    { label: 'Participants', value: stats?.completedAttempts ?? leaderboard.length, caption: `of ${stats?.totalRegistered ?? '—'} registered`, icon: <IconUsers size={18} />, tone: 'primary' },
    {
      label: 'Average Score',
      value: field.state === 'ready' ? field.averageScore : '—',
      caption: field.state === 'at-close' ? 'being computed' : `of ${questionCount * CONTEST.pointsPerQuestion} points`,
      icon: <IconStar size={18} />,
      tone: 'success',
      muted: field.state !== 'ready',
    },
    {
      label: 'Top Score',
      value: top ? top.totalScore : '—',
      caption: top ? `${top.correctCount} of ${questionCount} correct` : leaderboardFinal ? 'nobody took part' : 'not ranked yet',
      icon: <IconTrophy size={18} />,
      tone: 'gold',
    },
    {
      label: 'Completion',
      // Nobody registered: no rate to speak of, rather than "0%" of nobody.
      value: stats && stats.totalRegistered > 0 ? `${Math.round(stats.completionRate)}%` : '—',
      caption: stats && stats.totalRegistered === 0 ? 'nobody registered' : 'of registered finished',
      icon: <IconChart size={18} />,
      tone: 'violet',
    },
  ];
  return (
    <Page className="cresults-page">
      <div className="stack-lg">
        <ResultsHero title={results.title} message="You did not take part in this contest — here is how everyone did." tone="slate" />
        {!leaderboardFinal ? <CloseNotice kind="finalizing" secondsToClose={0} /> : null}
        <StatCards items={items} label="Contest statistics" />
        <Card
          title="Leaderboard"
          subtitle={leaderboard.length > 0 ? `Top ${leaderboard.length} of this contest` : undefined}
          icon={<IconTrophy size={18} />}
          tone="tight"
        >
          <LeaderboardTable entries={leaderboard} final={leaderboardFinal} questionCount={questionCount} currentUserId={user?._id ?? null} />
        </Card>
      </div>
    </Page>
  );
}
