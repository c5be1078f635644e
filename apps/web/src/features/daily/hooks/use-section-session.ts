/**
 * One open section of the hub (spec §2 "open section panel", §4 "Opening a section in the hub loads
 * its questions, rankings and comments", §8):
 * - GET /api/daily/section/{date}/{sectionKey}; a failure toasts 'Failed to open section. Are you
 *   logged in and the section unlocked?' and keeps the server's reason (e.g. the rating needed);
 * - text answer inputs with a per-question clock (`answer-timer`), kept as a draft in
 *   sessionStorage (`answer-draft`) so that leaving the set and coming back restores them while the
 *   server's clock runs on;
 * - 'Execute Submit()' posts the answers; success drops the draft and any error toast of an earlier
 *   try, shows the practice points and, when badges were awarded, the badge toast (4 s, spec §9),
 *   then reloads the section (now with answers and explanations), today's cards, the streak, the
 *   rankings and the season; failure toasts the server's text, else 'Submit failed'. One submit
 *   error toast is shown at a time: a new one replaces the last.
 */
import { DISPLAY } from '@mathsprint/shared/constants';
import type { DailySectionKey, DailySectionResponse, DailySubmitResponse } from '@mathsprint/shared/protocol';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { toast, type Id } from 'react-toastify';
import { ApiError } from '../../../lib/api';
import { dailyKeys, getDailySection, submitDailySection } from '../api/daily-api';
import { showBadgeToast } from '../components/badge-toast';
import { answerDraftKey, clearAnswerDraft, loadAnswerDraft, saveAnswerDraft } from '../lib/answer-draft';
import { answersBody, focusQuestion, invalidAnswers, startClock, stopClock, type AnswerClock } from '../lib/answer-timer';
import { failureText } from '../lib/failure';
import { DAILY_MESSAGES } from '../lib/messages';
import { staleAfterSubmitRefusal } from '../lib/submit-refusal';

export interface SectionSession {
  section: DailySectionResponse | undefined;
  loading: boolean;
  /** The server's reason when opening failed (403 names the rating needed), else null. */
  openError: string | null;
  /** Asks for the section again after a failed opening. */
  retryOpen: () => void;
  /** Whether that new try is under way. */
  retrying: boolean;
  inputs: string[];
  setInput: (index: number, value: string) => void;
  onFocusQuestion: (index: number) => void;
  onBlurQuestion: () => void;
  submit: () => void;
  submitting: boolean;
  /** Indexes of inputs that are not numbers, set by a refused submit and cleared on edit. */
  invalid: number[];
  /** The answer of the submission made in this session (badges, streak), if any. */
  lastSubmit: DailySubmitResponse | null;
}

/**
 * @param viewerId - _id of the signed-in player: the answers draft is theirs; null keeps no draft.
 */
export function useSectionSession(date: string, sectionKey: DailySectionKey, viewerId: string | null): SectionSession {
  const queryClient = useQueryClient();
  const query = useQuery({
    queryKey: dailyKeys.section(date, sectionKey),
    queryFn: () => getDailySection(date, sectionKey),
    retry: false,
  });
  const count = query.data?.questions.length ?? 0;

  const [inputs, setInputs] = useState<string[]>([]);
  const clock = useRef<AnswerClock>(startClock(0));
  const [lastSubmit, setLastSubmit] = useState<DailySubmitResponse | null>(null);
  const [invalid, setInvalid] = useState<number[]>([]);
  const errorToast = useRef<Id | null>(null);
  /**
   * A submission is on its way. The mutation's isPending reaches the screen a tick late (TanStack
   * Query batches its notifications), so a quick second press, on 'Execute Submit()' or "Submit
   * anyway", would send the set twice and earn a 409.
   */
  const sending = useRef(false);
  const draftKey = viewerId ? answerDraftKey(viewerId, date, sectionKey) : null;
  const submitted = query.data?.submitted ?? false;

  useEffect(() => {
    setInputs(loadAnswerDraft(draftKey, count) ?? Array.from({ length: count }, () => ''));
    clock.current = startClock(count);
  }, [count, date, sectionKey, draftKey]);

  useEffect(() => {
    // Skips the render before the draft is restored, when `inputs` still belongs to no set.
    if (submitted) clearAnswerDraft(draftKey);
    else if (count > 0 && inputs.length === count) saveAnswerDraft(draftKey, inputs);
  }, [inputs, count, submitted, draftKey]);

  /** Takes down the last submit error toast, stale once the player tries again or succeeds. */
  function clearSubmitError(): void {
    if (errorToast.current !== null) toast.dismiss(errorToast.current);
    errorToast.current = null;
  }

  /** Shows a submit error in place of the last one, so retries do not stack toasts. */
  function showSubmitError(message: string): void {
    clearSubmitError();
    errorToast.current = toast.error(message);
  }

  useEffect(() => {
    if (query.isError) toast.error(DAILY_MESSAGES.openFailed, { toastId: `daily-open-${date}-${sectionKey}` });
  }, [query.isError, date, sectionKey]);

  const submission = useMutation({
    mutationFn: () => submitDailySection({ date, sectionKey, answers: answersBody(inputs, clock.current, Date.now()) }),
    onSuccess: (result) => {
      clearAnswerDraft(draftKey);
      // The error of an earlier try ("Answers must be numbers…") is stale now.
      clearSubmitError();
      setLastSubmit(result);
      toast.success(`+${result.practicePoints} practice points · ${result.correctCount}/${result.total} correct`, {
        autoClose: DISPLAY.toastSuccessMs,
      });
      showBadgeToast(result.awardedBadges);
      void queryClient.invalidateQueries({ queryKey: dailyKeys.all });
    },
    onError: (error) => {
      showSubmitError(failureText(DAILY_MESSAGES.submitFailed, error));
      const stale = staleAfterSubmitRefusal(error);
      if (stale === 'section') void queryClient.invalidateQueries({ queryKey: dailyKeys.section(date, sectionKey) });
      if (stale === 'today') void queryClient.invalidateQueries({ queryKey: dailyKeys.today() });
    },
  });

  return {
    section: query.data,
    loading: query.isPending,
    openError: query.error ? (query.error instanceof ApiError && query.error.status > 0 ? query.error.message : DAILY_MESSAGES.openFailed) : null,
    retryOpen: () => void query.refetch(),
    retrying: query.isFetching,
    inputs,
    setInput: (index, value) => {
      setInputs((prev) => prev.map((v, i) => (i === index ? value : v)));
      setInvalid((prev) => prev.filter((i) => i !== index));
    },
    onFocusQuestion: (index) => {
      clock.current = focusQuestion(clock.current, index, Date.now());
    },
    onBlurQuestion: () => {
      clock.current = stopClock(clock.current, Date.now());
    },
    submit: () => {
      const bad = invalidAnswers(inputs);
      setInvalid(bad);
      if (bad.length > 0) {
        showSubmitError(`Answers must be numbers: check question ${bad.map((i) => i + 1).join(', ')}.`);
        return;
      }
      if (sending.current) return;
      sending.current = true;
      submission.mutate(undefined, {
        onSettled: () => {
          sending.current = false;
        },
      });
    },
    submitting: submission.isPending,
    invalid,
    lastSubmit,
  };
}
