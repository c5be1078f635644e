/**
 * The single-player challenge /singleplayer (spec §2 "Single-player", §4 "Single-player").
 *
 * loading ('Preparing Your Challenge') → playing → over ('Challenge Complete!') → /results after
 * 1 s with one player named 'You'. The session and its clock live on the server: the timer is
 * polled every 1 s (spec §9) and its answer is authoritative. A stored session is resumed when the
 * timer call succeeds and it is not over; otherwise a new session starts (spec §4, §8). Its
 * toasts show in the play card, under the answer form (lib/solo-toasts).
 */
import { DUEL, SOLO } from '@mathsprint/shared/constants';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  AnswerForm,
  Button,
  Card,
  GameOverPanel,
  GameStats,
  IconStar,
  LoadingScreen,
  PaceNotice,
  Page,
  PlayFeedback,
  QuestionProgress,
  QuestionText,
  cx,
} from '../../../components/ui';
import { parseAnswer } from '../../../lib/answer-input';
import { ApiError } from '../../../lib/api';
import { answerSolo, soloTimer, startSolo } from '../api/solo-api';
import { answerEndsRun } from '../lib/run-over';
import { SOLO_FEEDBACK_CONTAINER, soloToasts } from '../lib/solo-toasts';
import { canResume, clearSoloSession, loadSoloSession, saveSoloSession, soloModeFrom, type StoredSoloSession } from '../lib/solo-session';
import './solo.css';
import { counted } from '../../../lib/plural';

/** How long the cross stays after a wrong answer (ms). */
const WRONG_MARK_MS = 900;

type Phase = 'loading' | 'playing' | 'over' | 'error';

interface Loaded {
  session: StoredSoloSession;
  /** Seconds. */
  timeLeft: number;
  score: number;
  current: number;
}

/** Resumes the stored session when the server still runs it, else starts a new one. */
async function resumeOrStart(mode: number): Promise<Loaded> {
  const stored = loadSoloSession();
  if (stored && canResume(stored, mode)) {
    try {
      const timer = await soloTimer(stored.sessionId);
      if (!timer.over && timer.timeLeft > 0) {
        return { session: stored, timeLeft: timer.timeLeft, score: timer.score, current: timer.current };
      }
    } catch {
      // Spec §8: a failed timer call on resume starts a new session.
    }
  }
  clearSoloSession();
  const started = await startSolo(mode);
  const session: StoredSoloSession = { ...started, mode };
  saveSoloSession(session);
  return { session, timeLeft: started.timerDuration, score: 0, current: 0 };
}

export function SoloScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const [mode] = useState(() => soloModeFrom(location.state, DUEL.modes, SOLO.defaultMode));
  const [phase, setPhase] = useState<Phase>('loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [session, setSession] = useState<StoredSoloSession | null>(null);
  const [timeLeft, setTimeLeft] = useState(0);
  const [score, setScore] = useState(0);
  const [current, setCurrent] = useState(0);
  /** Set when the server judged the ended run faster than a person can play (issue #47). */
  const [paceFlag, setPaceFlag] = useState<string | undefined>(undefined);
  const [mark, setMark] = useState<'correct' | 'wrong' | null>(null);
  const [input, setInput] = useState('');
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  // Where focus goes when the answer field goes away (the end panel, the failed start's Try again),
  // so that a keyboard or screen-reader player is not left on <body>.
  const overRef = useRef<HTMLDivElement>(null);
  const errorActionsRef = useRef<HTMLDivElement>(null);
  // One load per mount, shared by StrictMode's second effect run instead of starting two sessions.
  const loading = useRef<Promise<Loaded> | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let active = true;
    loading.current ??= resumeOrStart(mode);
    loading.current.then(
      (loaded) => {
        if (!active) return;
        setSession(loaded.session);
        setTimeLeft(loaded.timeLeft);
        setScore(loaded.score);
        setCurrent(loaded.current);
        setPhase(loaded.current >= loaded.session.questions.length ? 'over' : 'playing');
      },
      (error: unknown) => {
        if (!active) return;
        setLoadError(error instanceof ApiError ? error.message : 'Could not start the challenge');
        setPhase('error');
      },
    );
    return () => {
      active = false;
    };
  }, [mode, attempt]);

  const retry = () => {
    loading.current = null;
    setLoadError(null);
    setPhase('loading');
    setAttempt((n) => n + 1);
  };

  // The server's clock, every second while playing (spec §9).
  const sessionId = session?.sessionId;
  useEffect(() => {
    if (phase !== 'playing' || !sessionId) return;
    let active = true;
    const timer = window.setInterval(() => {
      soloTimer(sessionId).then(
        (t) => {
          if (!active) return;
          setTimeLeft(t.timeLeft);
          if (t.paceFlag) setPaceFlag(t.paceFlag);
          if (t.over) {
            // The run may have ended elsewhere (another tab, a script): show its final state.
            setScore(t.score);
            setCurrent(t.current);
          }
          if (t.over || t.timeLeft <= 0) setPhase('over');
        },
        (error: unknown) => console.warn('Single-player timer call failed', error),
      );
    }, SOLO.timerPollMs);
    return () => {
      active = false;
      window.clearInterval(timer);
    };
  }, [phase, sessionId]);

  // Over: clear the stored session (spec §3) and show the results 1 s later (spec §9).
  const latest = useRef({ score, current, paceFlag });
  useEffect(() => {
    latest.current = { score, current, paceFlag };
  });
  useEffect(() => {
    if (phase !== 'over') return;
    clearSoloSession();
    const timer = window.setTimeout(() => {
      const { score: s, current: c, paceFlag: flag } = latest.current;
      // The mode, so that the results' Play again offers a run of the same length.
      navigate('/results', { replace: true, state: { players: [{ name: 'You', score: s, current: c, ...(flag ? { paceFlag: flag } : {}) }], score: s, mode } });
    }, SOLO.resultsDelayMs);
    return () => window.clearTimeout(timer);
  }, [phase, navigate, mode]);

  const focusInput = useCallback(() => window.requestAnimationFrame(() => inputRef.current?.focus()), []);
  useEffect(() => {
    if (phase === 'playing') focusInput();
    // The panel, not its Return to Home: an Enter typed as time runs out must not leave the results.
    else if (phase === 'over') overRef.current?.focus();
    else if (phase === 'error') errorActionsRef.current?.querySelector('button')?.focus();
  }, [phase, focusInput]);

  const total = session?.questions.length ?? 0;

  const submit = async () => {
    // Spec §5: blocked once over; also while the check mark shows before the next question.
    if (phase !== 'playing' || !session || submitting || mark === 'correct') return;
    const parsed = parseAnswer(input);
    if (!parsed.ok) {
      soloToasts.invalid(parsed.error);
      focusInput();
      return;
    }
    setSubmitting(true);
    try {
      const result = await answerSolo(session.sessionId, parsed.value);
      if (result.error) {
        soloToasts.problem(result.error);
        return;
      }
      setScore(result.score);
      if (result.paceFlag) setPaceFlag(result.paceFlag);
      const finished = result.over || result.current >= total;
      if (result.correct) {
        // Spec §4: a check, the score, then the next question after 0.5 s.
        setMark('correct');
        soloToasts.clear();
        setInput('');
        window.setTimeout(() => {
          setCurrent(result.current);
          setMark(null);
          if (finished) setPhase('over');
          focusInput();
        }, SOLO.nextQuestionDelayMs);
      } else {
        // Spec §4: a cross, and the server's current index.
        setMark('wrong');
        soloToasts.wrong();
        if (result.current !== current) setInput('');
        else window.requestAnimationFrame(() => inputRef.current?.select());
        setCurrent(result.current);
        if (finished) setPhase('over');
        window.setTimeout(() => setMark((m) => (m === 'wrong' ? null : m)), WRONG_MARK_MS);
      }
    } catch (error) {
      soloToasts.problem(error instanceof ApiError && error.message ? error.message : 'Submit failed');
      // RUN_OVER: the run ended on the server ('Time is up', 'The challenge is over').
      if (answerEndsRun(error)) setPhase('over');
    } finally {
      setSubmitting(false);
      focusInput();
    }
  };

  if (phase === 'loading') {
    return (
      <Page showLogout>
        <LoadingScreen title="Preparing Your Challenge" subtitle="Loading mathematical problems..." />
      </Page>
    );
  }

  if (phase === 'error' || !session) {
    return (
      <Page showLogout width="narrow">
        <Card className="solo-message" title="The challenge could not start" icon="!">
          <p className="alert alert-error" role="alert">
            {loadError ?? 'Could not start the challenge'}
          </p>
          <div className="solo-actions" ref={errorActionsRef}>
            <Button onClick={retry}>Try again</Button>
            <Button variant="ghost" onClick={() => navigate('/')}>
              Return to Home
            </Button>
          </div>
        </Card>
      </Page>
    );
  }

  return (
    <Page showLogout width="narrow" className="solo-page">
      <div className="stack">
        <header className="solo-header">
          <div>
            <p className="eyebrow solo-eyebrow">
              {counted(mode, 'minute')} · single player
            </p>
            <h1>Solo Sprint</h1>
          </div>
          {/* The same last-seconds pulse as the Math Challenge's: one clock, one way of saying "hurry". */}
          <GameStats timeLeft={timeLeft} score={score} scoreLabel="Points" pulseWhenLow />
        </header>

        <Card className="solo-card" aria-label={phase === 'over' ? 'Challenge result' : 'Current question'}>
          {phase === 'over' ? (
            <div ref={overRef} tabIndex={-1} className="solo-over-focus">
              <GameOverPanel className="solo-over" icon={<IconStar />} tone="gold" title="Challenge Complete!" caption="Your score" score={score}>
                {total > 0 && current >= total ? <p className="text-small">You solved every question: all {total}!</p> : null}
                {paceFlag ? <PaceNotice who="You" effect="this run sets no record" /> : null}
                <Button variant="ghost" onClick={() => navigate('/')}>
                  Return to Home
                </Button>
              </GameOverPanel>
            </div>
          ) : (
            <div className="stack">
              <QuestionProgress current={current} total={total} label="Challenge progress" />
              <div className="solo-question-wrap">
                <QuestionText question={session.questions[current]} className="solo-question" />
                <span
                  className={cx('solo-mark', mark === 'correct' && 'solo-mark-correct', mark === 'wrong' && 'solo-mark-wrong')}
                  role="status"
                  aria-label={mark === 'correct' ? 'Correct' : mark === 'wrong' ? 'Wrong' : undefined}
                >
                  {mark === 'correct' ? '✓' : mark === 'wrong' ? '✗' : ''}
                </span>
              </div>
              <AnswerForm
                className="solo-answer-form"
                value={input}
                onChange={setInput}
                onSubmit={() => void submit()}
                inputRef={inputRef}
                busy={submitting}
                invalid={mark === 'wrong'}
              />
            </div>
          )}
          {/* Outside the switch: 'Time is up' stays readable under 'Challenge Complete!'. */}
          <PlayFeedback containerId={SOLO_FEEDBACK_CONTAINER} />
        </Card>
      </div>
    </Page>
  );
}
