/**
 * /contest/{contestId}: taking a weekly contest (spec §2 "Contest taking", §4 "Contest attempt",
 * §5, §8; issue #3).
 *
 * Sign-in required: without a token — or with a guest account, which cannot take contests (spec §6)
 * — 'Please login to access the contest' and /login. Then 'Loading Contest...' while POST
 * /contest/start makes or resumes the attempt; lib/start-outcome decides what its answer means
 * ('Contest ∉ Available Set', the results, home with a message, or the question view). No Logout
 * button on this route (spec §2). Opened a few seconds before the opening, the start waits for it
 * on 'Loading Contest...' (lib/start-outcome `earlyStartHoldMs`) rather than being refused.
 */
import type { ContestStartResponse } from '@mathsprint/shared/protocol';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { toast } from 'react-toastify';
import { Button, ConfirmDialog, LoadingScreen, Page, Spinner } from '../../../../components/ui';
import { paths } from '../../../../config/paths';
import { ApiError } from '../../../../lib/api';
import { getToken } from '../../../../lib/storage';
import { useStoredUser } from '../../../../lib/use-stored-user';
import { contestKeys, startContest } from '../../api/contest-api';
import { useContestClockOffset } from '../hooks/use-contest-clock-offset';
import { useContestSession } from '../hooks/use-contest-session';
import { TAKE_MESSAGES } from '../lib/messages';
import {
  earlyStartHoldMs,
  EARLY_START_RETRY_MS,
  retryEarlyStart,
  startErrorOutcome,
  startResponseOutcome,
  type StartOutcome,
} from '../lib/start-outcome';
import { ContestHeader } from './contest-header';
import { IconClock, IconHome, IconSend } from './contest-icons';
import { QuestionGrid } from './question-grid';
import { QuestionPanel } from './question-panel';
import { StatusPanel } from './status-panel';
import { SummaryView } from './summary-view';
import '../take.css';
import { counted } from '../../../../lib/plural';

/** Columns of the side grid: 20 questions read as 4 tidy rows of 5. */
const SIDE_GRID_COLUMNS = 5;

export function ContestScreen() {
  const { contestId = '' } = useParams();
  const navigate = useNavigate();
  const user = useStoredUser();
  const allowed = getToken() !== null && user?.isGuest !== true;

  useEffect(() => {
    if (allowed) return;
    toast.error(TAKE_MESSAGES.loginRequired, { toastId: 'contest-login-required' });
    navigate(paths.login, { replace: true });
  }, [allowed, navigate]);

  const clock = useContestClockOffset(contestId, allowed);
  const offsetMs = clock.offsetMs;
  // Held until GET /contest/next has said when this contest opens, then until it opens if that is
  // seconds away; released once for good.
  const [held, setHeld] = useState(true);
  useEffect(() => {
    if (!held || !clock.settled) return;
    const holdMs = earlyStartHoldMs(clock.openMs, Date.now() + clock.offsetMs);
    if (holdMs === 0) {
      setHeld(false);
      return;
    }
    const timer = setTimeout(() => setHeld(false), holdMs);
    return () => clearTimeout(timer);
  }, [held, clock.settled, clock.openMs, clock.offsetMs]);

  const start = useQuery({
    queryKey: [...contestKeys.all, 'start', contestId] as const,
    queryFn: () => startContest(contestId),
    enabled: allowed && contestId !== '' && !held,
    // POST /contest/start is idempotent (it returns the existing attempt), but a failure must reach
    // the user at once, and a fresh copy (saved answers) is wanted on every visit. The one failure
    // asked again is a Join a moment before the server's openTime (start-outcome.ts).
    retry: (failures, error) => error instanceof ApiError && retryEarlyStart(failures, error.code),
    retryDelay: EARLY_START_RETRY_MS,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });

  // Decided once per response: the clock moving on must not unmount a running attempt (the session
  // itself handles the close with "Time's up!").
  const [outcome, setOutcome] = useState<StartOutcome | null>(null);
  useEffect(() => {
    if (start.isError) {
      const error = start.error;
      const next = error instanceof ApiError ? startErrorOutcome(error.status, error.code, error.message) : startErrorOutcome(0, null, null);
      setOutcome((prev) => (prev?.kind === 'take' ? prev : next));
    } else if (start.data) {
      const next = startResponseOutcome(start.data, Date.now() + offsetMs);
      setOutcome((prev) => (prev?.kind === 'take' ? prev : next));
    }
    // offsetMs is read at decision time only: a later offset must not re-decide a running attempt.
  }, [start.isError, start.error, start.data]);

  useEffect(() => {
    if (!outcome) return;
    if (outcome.kind === 'results') navigate(paths.contestResults(contestId), { replace: true });
    if (outcome.kind === 'home') {
      toast.error(outcome.message, { toastId: 'contest-start-failed' });
      navigate(paths.home, { replace: true });
    }
    if (outcome.kind === 'login') {
      toast.error(outcome.message, { toastId: 'contest-login-required' });
      navigate(paths.login, { replace: true });
    }
  }, [outcome, contestId, navigate]);

  if (!allowed) return null;

  if (contestId === '' || outcome?.kind === 'unavailable') {
    return (
      <Page width="narrow">
        <StatusPanel
          glyph="∅"
          title={TAKE_MESSAGES.unavailable}
          actions={
            <Link to={paths.home} className="btn btn-primary btn-lg">
              <IconHome size={18} /> Return Home
            </Link>
          }
        >
          <p>This contest does not exist or has no questions. Check the link, or pick the next contest from your dashboard.</p>
        </StatusPanel>
      </Page>
    );
  }

  if (outcome?.kind === 'take' && start.data) {
    return <ContestSessionView contestId={contestId} data={start.data} offsetMs={offsetMs} />;
  }

  return (
    <Page>
      <LoadingScreen title={TAKE_MESSAGES.loading} />
    </Page>
  );
}

function ContestSessionView({ contestId, data, offsetMs }: { contestId: string; data: ContestStartResponse; offsetMs: number }) {
  const s = useContestSession(contestId, data, offsetMs);
  const total = s.questions.length;
  const index = s.state.index;

  let body;
  if (s.timeUp) {
    body = (
      <StatusPanel glyph={<IconClock size={30} />} tone="danger" title={TAKE_MESSAGES.timesUp} role="alert">
        <p>The contest has closed. Your saved answers are being submitted…</p>
        <p className="ctake-status-spinner">
          <Spinner /> <span>Submitting {counted(s.answered, 'answer')}</span>
        </p>
      </StatusPanel>
    );
  } else if (s.summary) {
    body = (
      <SummaryView
        total={total}
        answered={s.answered}
        saved={s.state.saved}
        onJump={s.goTo}
        onReview={() => s.goTo(0)}
        onExecute={s.requestFinalSubmit}
        submitting={s.submitting}
        executeDisabled={s.executeDisabled}
      />
    );
  } else {
    body = (
      <div className="ctake-layout">
        <aside className="card ctake-side" aria-label="Question navigator">
          <div className="row-between ctake-side-head">
            <h2 className="ctake-side-title">Questions</h2>
            <span className="text-small text-muted tabular">
              {s.answered}/{total}
            </span>
          </div>
          <QuestionGrid
            total={total}
            saved={s.state.saved}
            current={index}
            onJump={s.goTo}
            columns={SIDE_GRID_COLUMNS}
            variant="side"
            label="Questions"
            disabled={s.submitting}
          />
          <Button variant="secondary" block onClick={() => s.goTo(total)} disabled={s.submitting} className="ctake-side-review">
            Review &amp; Submit
          </Button>
        </aside>
        <QuestionPanel
          question={s.questions[index]}
          index={index}
          total={total}
          saved={s.state.saved[index]}
          input={s.state.input}
          onInput={s.setInput}
          onSubmit={s.submitAnswer}
          onNext={s.next}
          onPrevious={s.previous}
          last={s.last}
          answering={s.answering}
          disabled={s.submitting}
          inputRef={s.inputRef}
        />
      </div>
    );
  }

  return (
    <Page className="ctake-page">
      <div className="stack">
        <ContestHeader ref={s.headerRef} title={s.title} index={index} total={total} answered={s.answered} remaining={s.remaining} />
        {body}
        <p className="visually-hidden" role="status" aria-live="polite">
          {s.announcement}
        </p>
      </div>
      <ConfirmDialog
        open={s.confirmOpen}
        title="Submit your contest?"
        icon={<IconSend />}
        confirmLabel="Submit"
        busyLabel={TAKE_MESSAGES.computing}
        busy={s.submitting}
        onConfirm={s.confirmFinalSubmit}
        onCancel={s.cancelFinalSubmit}
      >
        <p>
          You answered <strong className="tabular">{s.answered}</strong> of <strong className="tabular">{total}</strong> questions.
        </p>
        <p>{TAKE_MESSAGES.cannotUndo}</p>
      </ConfirmDialog>
    </Page>
  );
}
