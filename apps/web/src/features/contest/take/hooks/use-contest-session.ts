/**
 * One contest attempt being taken (spec §2 "Contest taking", §4 "Contest attempt", §5, §8):
 * question view ↔ summary (free navigation, reducer in lib/attempt-navigation), answer submission
 * with the seconds spent on the question, the final submit after confirmation, and the auto-submit
 * when the server-corrected clock reaches the contest's close time.
 *
 * - Submit Answer: 'Please enter an answer' / 'Please enter a valid number' before anything is sent;
 *   POST /contest/submit-answer {contestId, questionIndex, answer, timeSpent (s)}; failure toasts
 *   'Failed to submit answer' (a refusal saying the attempt is submitted or the contest closed,
 *   lib/final-submit `attemptClosedRefusal`, then opens the results);
 *   success marks it answered and moves on.
 * - Execute Submit: needs an answer ('Please answer at least one question before submitting'), then
 *   a confirmation; POST /contest/submit; success toasts 'Contest submitted successfully!' (3000 ms)
 *   and opens the results with {attempt} in navigation state; failure toasts the server's error,
 *   else 'Failed to submit contest' (such a refusal then opens the results, the attempt being final
 *   anyway).
 *   'Your attempt is already submitted' (the server's close pass under way) is no failure: an info
 *   toast says so and the results open.
 * - Close time: "Time's up!" shows and the final submit runs unless one is already running; then
 *   the info toast 'Contest auto-submitted due to time limit' and the results without state. The
 *   server submits every started attempt at close itself; a submit after its close pass gets that
 *   attempt (submitting is idempotent), one just before it meets 409 'Your attempt is already
 *   submitted' (or 'The contest is over'): the expected outcome, which passes quietly
 *   (lib/final-submit `submitAlreadySettled`). Any other failure is logged only (spec §8).
 */
import { DISPLAY } from '@mathsprint/shared/constants';
import type { ContestStartResponse } from '@mathsprint/shared/protocol';
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { toast } from 'react-toastify';
import { paths } from '../../../../config/paths';
import { submitContest, submitContestAnswer } from '../../api/contest-api';
import { checkContestAnswer } from '../lib/answer-validation';
import {
  answeredCount,
  initialTakeState,
  isLastQuestion,
  isSummary,
  savedAnswersFrom,
  takeReducer,
  type TakeAction,
  type TakeState,
} from '../lib/attempt-navigation';
import { elapsedSeconds, instantMs, secondsUntil } from '../lib/contest-time';
import { attemptClosedRefusal, executeSubmitDisabled, finalSubmitBlockedReason, finalSubmitErrorMessage, submitAlreadySettled } from '../lib/final-submit';
import { CONTEST_FEEDBACK_CONTAINER, TAKE_MESSAGES } from '../lib/messages';
import { useCorrectedNow } from './use-corrected-now';

const inCard = { containerId: CONTEST_FEEDBACK_CONTAINER } as const;

/**
 * Shortest time "Time's up!" stays on screen before the results open (ms): long enough to be read,
 * short enough that the user is not left waiting when the submit answers at once.
 */
const TIMES_UP_MIN_MS = 1_500;

export interface ContestSession {
  title: string;
  questions: ContestStartResponse['questions'];
  state: TakeState;
  answered: number;
  /** Seconds left until close (rounded up). */
  remaining: number;
  timeUp: boolean;
  summary: boolean;
  last: boolean;
  /** An answer is on its way. */
  answering: boolean;
  /** The final submit is on its way (manual or automatic). */
  submitting: boolean;
  executeDisabled: boolean;
  confirmOpen: boolean;
  /** Polite status line for screen readers, e.g. 'Answer saved for question 3'. */
  announcement: string;
  setInput: (value: string) => void;
  goTo: (index: number) => void;
  next: () => void;
  previous: () => void;
  submitAnswer: () => void;
  requestFinalSubmit: () => void;
  confirmFinalSubmit: () => void;
  cancelFinalSubmit: () => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
  /** The contest header (title, TIME REMAINING): a move to another question scrolls to it. */
  headerRef: React.RefObject<HTMLElement | null>;
}

export function useContestSession(contestId: string, data: ContestStartResponse, offsetMs: number): ContestSession {
  const navigate = useNavigate();
  const { attempt, questions } = data;
  const total = questions.length;
  const [state, dispatch] = useReducer(takeReducer, undefined, () => initialTakeState(savedAnswersFrom(attempt.answers, total), total));
  const [answering, setAnswering] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [confirmOpen, setConfirmOpen] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const headerRef = useRef<HTMLElement>(null);
  /** Moves the player made (grid, Skip for Now, Next, Previous), also to the question already shown. */
  const [moves, setMoves] = useState(0);
  const submittingRef = useRef(false);
  const answeringRef = useRef(false);
  const autoStarted = useRef(false);
  const mounted = useRef(true);

  const closeMs = instantMs(attempt.contestId.closeTime);
  const now = useCorrectedNow(offsetMs);
  const timeUp = Number.isFinite(closeMs) && now >= closeMs;
  const remaining = secondsUntil(closeMs, now);
  const answered = answeredCount(state.saved, total);
  const resultsPath = paths.contestResults(contestId);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  // Seconds spent per question, across visits (ms), seeded with what the server already has.
  const spentMs = useRef<Record<number, number>>(
    Object.fromEntries(attempt.answers.map((a) => [a.questionIndex, Math.max(0, a.timeSpent) * 1000])),
  );
  const visit = useRef({ index: state.index, since: performance.now() });
  useEffect(() => {
    const v = visit.current;
    if (v.index === state.index) return;
    const t = performance.now();
    spentMs.current[v.index] = (spentMs.current[v.index] ?? 0) + (t - v.since);
    visit.current = { index: state.index, since: t };
  }, [state.index]);
  const secondsOn = (index: number): number => {
    const v = visit.current;
    const current = v.index === index ? performance.now() - v.since : 0;
    return elapsedSeconds(0, (spentMs.current[index] ?? 0) + current);
  };

  const focusInput = useCallback(() => window.requestAnimationFrame(() => inputRef.current?.focus()), []);

  // A move to another question (issue #47): on a phone the grid is below the question card, and a
  // tap there left the page scrolled at the grid, with the question, its points and the timer off
  // screen and nothing focused. The page is scrolled back to the contest header (the html's
  // scroll-padding-top keeps it below the sticky top bar), which the question card follows, then
  // the answer field takes focus (scrolling further only if it is still out of view). A move to
  // the summary is the summary's (it focuses its heading).
  const onSummary = isSummary(state);
  useEffect(() => {
    if (moves === 0 || onSummary) return;
    const frame = window.requestAnimationFrame(() => {
      headerRef.current?.scrollIntoView({ block: 'start' });
      inputRef.current?.focus();
    });
    return () => window.cancelAnimationFrame(frame);
    // Only a move counts: the summary flag is read as it stands after it.
  }, [moves]);
  const move = (action: TakeAction) => {
    dispatch(action);
    setMoves((n) => n + 1);
  };

  const submitAnswer = async () => {
    if (answeringRef.current || submittingRef.current || timeUp || isSummary(state)) return;
    const check = checkContestAnswer(state.input);
    if (!check.ok) {
      // One toast per message: pressing Enter repeatedly does not stack copies of it.
      toast.warning(check.error, { toastId: `contest-answer-${check.error}`, ...inCard });
      focusInput();
      return;
    }
    const questionIndex = state.index;
    answeringRef.current = true;
    setAnswering(true);
    try {
      await submitContestAnswer(contestId, questionIndex, check.value, secondsOn(questionIndex));
      if (!mounted.current) return;
      dispatch({ type: 'answered', questionIndex, value: check.value });
      setAnnouncement(`Answer saved for question ${questionIndex + 1}`);
    } catch (error) {
      // The attempt is already submitted or the contest closed (attemptClosedRefusal); the results are
      // all that is left (unless the close-time auto-submit is already taking the user there).
      const leaving = attemptClosedRefusal(error) && !autoStarted.current && mounted.current;
      // Leaving, the card goes with its toasts: the app's container shows it on the results.
      toast.error(TAKE_MESSAGES.answerFailed, leaving ? undefined : inCard);
      if (leaving) navigate(resultsPath, { replace: true });
    } finally {
      answeringRef.current = false;
      if (mounted.current) {
        setAnswering(false);
        focusInput();
      }
    }
  };

  const requestFinalSubmit = () => {
    if (executeSubmitDisabled({ submitting: submittingRef.current, timeUp })) return;
    const blocked = finalSubmitBlockedReason(answered);
    if (blocked) {
      toast.warning(blocked, { toastId: 'contest-at-least-one', ...inCard });
      return;
    }
    setConfirmOpen(true);
  };

  const confirmFinalSubmit = async () => {
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    try {
      const { attempt: submitted } = await submitContest(contestId);
      toast.success(TAKE_MESSAGES.submitted, { autoClose: DISPLAY.toastSuccessMs });
      if (mounted.current) navigate(resultsPath, { replace: true, state: { attempt: submitted } });
    } catch (error) {
      if (submitAlreadySettled(error, 'manual')) {
        toast.info(finalSubmitErrorMessage(error), { toastId: 'contest-already-submitted' });
        if (mounted.current) navigate(resultsPath, { replace: true });
        return;
      }
      const leaving = !mounted.current || attemptClosedRefusal(error) || autoStarted.current;
      toast.error(finalSubmitErrorMessage(error), leaving ? undefined : inCard);
      if (!mounted.current) return;
      if (leaving) {
        navigate(resultsPath, { replace: true });
        return;
      }
      submittingRef.current = false;
      setSubmitting(false);
      setConfirmOpen(false);
    }
  };

  // Close time: "Time's up!" and the final submit, unless one is already running (spec §2, §4).
  useEffect(() => {
    if (!timeUp || autoStarted.current) return;
    autoStarted.current = true;
    setConfirmOpen(false);
    if (submittingRef.current) return;
    submittingRef.current = true;
    setSubmitting(true);
    const shownAt = Date.now();
    // With no answer the server would refuse (400) and submits the attempt at close itself.
    const request = answered > 0 ? submitContest(contestId).then(() => undefined) : Promise.resolve();
    void request
      .catch((error: unknown) => {
        if (submitAlreadySettled(error, 'auto')) return;
        console.error('Contest auto-submit failed (the server submits open attempts at close)', error);
      })
      .then(() => new Promise((resolve) => setTimeout(resolve, Math.max(0, TIMES_UP_MIN_MS - (Date.now() - shownAt)))))
      .then(() => {
        toast.info(TAKE_MESSAGES.autoSubmitted, { toastId: 'contest-auto-submitted' });
        if (mounted.current) navigate(resultsPath, { replace: true });
      });
  }, [timeUp, answered, contestId, navigate, resultsPath]);

  return {
    title: attempt.contestId.title,
    questions,
    state,
    answered,
    remaining,
    timeUp,
    summary: isSummary(state),
    last: isLastQuestion(state),
    answering,
    submitting,
    executeDisabled: executeSubmitDisabled({ submitting, timeUp }),
    confirmOpen,
    announcement,
    setInput: (value) => dispatch({ type: 'input', value }),
    goTo: (index) => move({ type: 'goto', index }),
    next: () => move({ type: 'next' }),
    previous: () => move({ type: 'previous' }),
    submitAnswer: () => void submitAnswer(),
    requestFinalSubmit,
    confirmFinalSubmit: () => void confirmFinalSubmit(),
    cancelFinalSubmit: () => {
      if (!submittingRef.current) setConfirmOpen(false);
    },
    inputRef,
    headerRef,
  };
}
