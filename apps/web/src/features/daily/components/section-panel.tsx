/**
 * The open section panel (spec §2: questions, text answer inputs, 'Execute Submit()', daily rankings
 * (name, practice points, seconds taken) and a discussion forum; issue #4: answers and explanations
 * after submitting). In 'rankings' view (a card's rankings button) only the rankings are shown, so a
 * locked section's rankings can be read without opening it.
 *
 * 'Execute Submit()' with blank answers asks first (a set is sent once a day and blanks count as
 * wrong): "Submit anyway" sends, "Keep solving" puts the focus on the first blank. A panel left open
 * across 00:00 UTC stays on its day's set with a notice that the new day's sets are out; its set
 * can no longer be sent (the server takes only today's), so 'Execute Submit()' is disabled there.
 */
import type { DailySectionKey, DailySectionResult, DailySectionSummary } from '@mathsprint/shared/protocol';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { cx } from '../../../components/ui/cx';
import { IconTrophy } from '../../../components/ui/icons';
import { useDailyLeaderboard } from '../hooks/use-daily-data';
import { useSectionSession } from '../hooks/use-section-session';
import { difficultyLabel, questionCountText, unlockText } from '../lib/sections';
import { badgeToastText } from '../lib/badges';
import { toggleSign } from '../../../lib/answer-input';
import { invalidAnswers } from '../lib/answer-timer';
import { blankAnswers, blankAnswersText } from '../lib/blank-answers';
import { stalePanelText } from '../lib/day-rollover';
import { DailyRankings } from './daily-rankings';
import { Discussion } from './discussion';
import { IconX } from './daily-icons';

export type PanelView = 'solve' | 'rankings';

export interface SectionPanelProps {
  /** The day of the set shown: the day the panel was opened on. */
  date: string;
  /** The server's today; a later one than `date` means the panel was left open across 00:00 UTC. */
  today: string;
  section: DailySectionSummary;
  view: PanelView;
  viewerId: string | null;
  signedIn: boolean;
  onClose: () => void;
  onSolve: (key: DailySectionKey) => void;
  /** Opens the same section and view on `today` (the stale notice's button). */
  onOpenToday: () => void;
}

/** Over a panel of an old day: the new day's sets are out, and what that means for this one. */
function StaleNotice({ id, text, actionLabel, onOpenToday }: { id: string; text: string; actionLabel: string; onOpenToday: () => void }) {
  return (
    <div id={id} className="alert alert-info daily-stale" role="status">
      <p>{text}</p>
      <Button size="sm" onClick={onOpenToday}>
        {actionLabel}
      </Button>
    </div>
  );
}

function ResultSummary({
  result,
  badges,
  focusOnMount = false,
}: {
  result: DailySectionResult;
  badges: readonly string[];
  /** Just submitted here: the form (and its focused 'Execute Submit()') is gone, so focus moves to the result. */
  focusOnMount?: boolean;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!focusOnMount) return;
    ref.current?.focus({ preventScroll: true });
    // Its top (the points) below the sticky bar: html's scroll-padding-top keeps it clear.
    ref.current?.scrollIntoView({ block: 'start' });
  }, [focusOnMount]);
  return (
    <div ref={ref} className="daily-result" role="status" tabIndex={-1}>
      <div className="daily-result-points">
        <span className="daily-result-value">{result.practicePoints}</span>
        <span className="daily-result-label">practice points</span>
      </div>
      <dl className="daily-result-facts">
        <div>
          <dt>Correct</dt>
          <dd>
            {result.correctCount}/{result.total}
          </dd>
        </div>
        <div>
          <dt>Base</dt>
          <dd>{result.basePoints}</dd>
        </div>
        <div>
          <dt>Speed bonus</dt>
          <dd>+{result.speedBonus}</dd>
        </div>
        <div>
          <dt>Time taken</dt>
          <dd>{result.timeTakenSeconds} s</dd>
        </div>
      </dl>
      {badges.length > 0 ? <p className="daily-result-badges">{badgeToastText(badges)}</p> : null}
    </div>
  );
}

function Review({ result }: { result: DailySectionResult }) {
  return (
    <ol className="list-reset daily-review" aria-label="Answers and explanations">
      {result.answers.map((a) => (
        <li key={a.questionIndex} className={cx('daily-review-item', a.isCorrect ? 'is-correct' : 'is-wrong')}>
          <div className="daily-review-head">
            <span className="daily-qnum">Q{a.questionIndex + 1}</span>
            <span className="daily-review-question">{a.question}</span>
            <span className={cx('badge', a.isCorrect ? 'badge-success' : 'badge-danger')}>{a.isCorrect ? 'Correct' : a.userAnswer === null ? 'Blank' : 'Wrong'}</span>
          </div>
          <p className="daily-review-answers">
            Your answer: <strong className={a.isCorrect ? 'text-success' : 'text-danger'}>{a.userAnswer ?? '—'}</strong> · Correct answer:{' '}
            <strong>{a.correctAnswer}</strong>
          </p>
          {a.explanation ? <p className="daily-review-explanation">{a.explanation}</p> : null}
        </li>
      ))}
    </ol>
  );
}

interface SolverProps {
  date: string;
  today: string;
  section: DailySectionSummary;
  viewerId: string | null;
  onOpenToday: () => void;
}

function Solver({ date, today, section, viewerId, onOpenToday }: SolverProps) {
  const session = useSectionSession(date, section.key, viewerId);
  const firstInput = useRef<HTMLInputElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const data = session.section;
  const result = data?.result ?? null;
  const answered = session.inputs.filter((v) => v.trim() !== '').length;
  const blanks = blankAnswers(session.inputs);
  const answerId = (index: number) => `daily-answer-${section.key}-${index}`;
  const answerInput = (index: number) => document.getElementById(answerId(index)) as HTMLInputElement | null;
  // Left open across 00:00 UTC: the server takes only today's set (400 otherwise).
  const stale = date < today;
  const staleId = `daily-stale-${section.key}`;
  /** The blank-answers confirmation is up. */
  const [confirmBlanks, setConfirmBlanks] = useState(false);
  /**
   * The answer to focus once the confirmation has closed: the <dialog> gives the focus back to
   * 'Execute Submit()' as it closes (in its own effect, which runs before this component's), and
   * "Keep solving" means going on at the first blank.
   */
  const [focusAfterConfirm, setFocusAfterConfirm] = useState<{ index: number } | null>(null);
  useEffect(() => {
    // answerInput reads the page by id: only a new request matters.
    if (focusAfterConfirm) answerInput(focusAfterConfirm.index)?.focus();
  }, [focusAfterConfirm]);

  /**
   * Enter in an answer goes on to the next question, and from the last one to 'Execute Submit()':
   * a form's implicit submission would send the whole set, blanks and all, after the first answer,
   * and a set can be submitted only once a day.
   */
  function onAnswerKeyDown(event: KeyboardEvent<HTMLInputElement>, index: number) {
    if (event.key !== 'Enter' || event.nativeEvent.isComposing) return;
    event.preventDefault();
    (answerInput(index + 1) ?? formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]'))?.focus();
  }

  useEffect(() => {
    if (data && !data.submitted) firstInput.current?.focus({ preventScroll: true });
  }, [data]);

  // 'Execute Submit()' and the answers are disabled while the set is sent, which drops the focus to
  // <body>; when the submit fails the form stays, so the focus goes back to the button.
  // The confirmation stays up, busy, while "Submit anyway" sends, and closes when that ends; its
  // <dialog> then gives the focus back to the button, or the result takes it.
  const wasSubmitting = useRef(false);
  useEffect(() => {
    const ended = wasSubmitting.current && !session.submitting;
    const failed = ended && session.lastSubmit === null;
    wasSubmitting.current = session.submitting;
    if (ended) setConfirmBlanks(false);
    if (failed && (document.activeElement === null || document.activeElement === document.body)) {
      formRef.current?.querySelector<HTMLButtonElement>('button[type="submit"]')?.focus();
    }
  }, [session.submitting, session.lastSubmit]);

  const notice = stale ? (
    <StaleNotice
      id={staleId}
      text={stalePanelText({ date, today, view: 'solve', submitted: data?.submitted ?? false, typed: answered > 0 })}
      actionLabel={`Open today's ${section.title}`}
      onOpenToday={onOpenToday}
    />
  ) : null;

  if (session.loading) {
    return (
      <div role="status" aria-busy="true" aria-label="Loading questions">
        {Array.from({ length: 4 }, (_, i) => (
          <span key={i} className="skeleton daily-skeleton-row" />
        ))}
      </div>
    );
  }
  if (session.openError || !data) {
    // With a way out: Close alone left a player whose opening failed on a passing error nowhere to go.
    return (
      <>
        {notice}
        <div className="alert alert-error daily-open-error" role="alert">
          <p>{session.openError}</p>
          <Button size="sm" variant="secondary" loading={session.retrying} onClick={session.retryOpen}>
            Try again
          </Button>
        </div>
      </>
    );
  }
  if (result) {
    return (
      <div className="stack">
        {notice}
        <ResultSummary result={result} badges={session.lastSubmit?.awardedBadges ?? []} focusOnMount={session.lastSubmit !== null} />
        <Review result={result} />
      </div>
    );
  }
  return (
    <>
      {notice}
      <form
        ref={formRef}
        className="daily-solver"
        onSubmit={(e) => {
          e.preventDefault();
          if (stale || session.submitting) return;
          const bad = invalidAnswers(session.inputs);
          // Answers that are not numbers are pointed at first: the set cannot go as it is anyway.
          if (bad.length === 0 && blanks.length > 0) {
            setConfirmBlanks(true);
            return;
          }
          session.submit();
          // The toast names the questions; the focus goes to the first of them.
          if (bad.length > 0) answerInput(bad[0]!)?.focus();
        }}
      >
        <ol className="list-reset daily-questions">
          {data.questions.map((q, i) => (
            <li key={i} className="daily-question">
              <label className="daily-question-label" htmlFor={answerId(i)}>
                <span className="daily-qnum" aria-hidden="true">
                  Q{i + 1}
                </span>
                <span className="daily-question-text">{q}</span>
                <span className="visually-hidden">, answer to question {i + 1}</span>
              </label>
              <div className="daily-answer-group">
                {/* Phones and touch screens only (daily.css): an iPhone's decimal keypad has no minus
                    key, and from 'Advanced' on a set can have negative answers. Out of the Tab order,
                    which goes from answer to answer. */}
                <button
                  type="button"
                  className="daily-sign-toggle"
                  tabIndex={-1}
                  aria-label={`Toggle minus sign, question ${i + 1}`}
                  disabled={session.submitting}
                  onClick={() => {
                    session.setInput(i, toggleSign((session.inputs[i] ?? '').trim()));
                    answerInput(i)?.focus();
                  }}
                >
                  ±
                </button>
                <input
                  ref={i === 0 ? firstInput : undefined}
                  id={answerId(i)}
                  className="input daily-answer-input"
                  type="text"
                  inputMode="decimal"
                  autoComplete="off"
                  enterKeyHint={i === data.questions.length - 1 ? 'done' : 'next'}
                  spellCheck={false}
                  placeholder="Answer"
                  value={session.inputs[i] ?? ''}
                  onChange={(e) => session.setInput(i, e.target.value)}
                  onKeyDown={(e) => onAnswerKeyDown(e, i)}
                  onFocus={() => session.onFocusQuestion(i)}
                  onBlur={session.onBlurQuestion}
                  disabled={session.submitting}
                  aria-invalid={session.invalid.includes(i) || undefined}
                />
              </div>
            </li>
          ))}
        </ol>
        <div className="daily-solver-foot">
          <p className="text-small text-muted" aria-live="polite">
            {answered}/{data.questions.length} answered · blank answers count as wrong
          </p>
          <Button
            type="submit"
            size="lg"
            loading={session.submitting}
            disabled={stale}
            aria-describedby={stale ? staleId : undefined}
            className="daily-execute mono"
          >
            Execute Submit()
          </Button>
        </div>
      </form>
      <ConfirmDialog
        open={confirmBlanks && !stale}
        title="Submit with blank answers?"
        icon="!"
        confirmLabel="Submit anyway"
        cancelLabel="Keep solving"
        busyLabel="Submitting…"
        busy={session.submitting}
        onConfirm={session.submit}
        onCancel={() => {
          setConfirmBlanks(false);
          if (blanks.length > 0) setFocusAfterConfirm({ index: blanks[0]! });
        }}
      >
        <p>{blankAnswersText(blanks.length, session.inputs.length)}</p>
      </ConfirmDialog>
    </>
  );
}

export function SectionPanel({ date, today, section, view, viewerId, signedIn, onClose, onSolve, onOpenToday }: SectionPanelProps) {
  const rankings = useDailyLeaderboard(date, section.key);
  const headingId = `daily-panel-title-${section.key}`;
  const headingRef = useRef<HTMLHeadingElement>(null);
  // A card's Rankings button shows only the rankings, far below it on a phone: the focus follows
  // them (Start Solving sends it to the first answer instead).
  useEffect(() => {
    if (view === 'rankings') headingRef.current?.focus({ preventScroll: true });
  }, [view]);
  return (
    <section className="card daily-panel" aria-labelledby={headingId} id="daily-open-section">
      <header className="daily-panel-head">
        <div>
          <p className="eyebrow">{view === 'solve' ? 'Open set' : section.unlocked ? 'Set' : `Locked set · ${unlockText(section.unlockRating)}`}</p>
          <h2 id={headingId} ref={headingRef} className="card-title daily-panel-title" tabIndex={-1}>
            {section.title}
            <span className={`badge daily-difficulty daily-difficulty--${section.difficulty}`}>{difficultyLabel(section.difficulty)}</span>
          </h2>
          <p className="card-subtitle">
            {questionCountText(section.count)} · {section.weight * 10} points per correct answer
          </p>
        </div>
        <div className="cluster">
          {view === 'rankings' && section.unlocked ? (
            <Button size="sm" onClick={() => onSolve(section.key)} aria-label={`Start Solving ${section.title}`}>
              Start Solving
            </Button>
          ) : null}
          <Button variant="ghost" size="sm" onClick={onClose} aria-label={`Close ${section.title}`} icon={<IconX size={16} />}>
            Close
          </Button>
        </div>
      </header>

      {view === 'rankings' && date < today ? (
        <StaleNotice
          id={`daily-stale-rankings-${section.key}`}
          text={stalePanelText({ date, today, view, submitted: false, typed: false })}
          actionLabel="Today's rankings"
          onOpenToday={onOpenToday}
        />
      ) : null}

      {view === 'solve' ? <Solver key={`${date}-${section.key}`} date={date} today={today} section={section} viewerId={viewerId} onOpenToday={onOpenToday} /> : null}

      <section className="daily-panel-rankings" aria-labelledby={`${headingId}-rankings`}>
        <h3 id={`${headingId}-rankings`} className="daily-subtitle">
          <IconTrophy size={18} /> Daily rankings
        </h3>
        <DailyRankings
          entries={rankings.data?.top ?? []}
          canSolve={section.unlocked}
          loading={rankings.isPending}
          currentUserId={viewerId}
          label={`Daily rankings, ${section.title}`}
        />
      </section>

      {view === 'solve' ? <Discussion date={date} sectionKey={section.key} sectionTitle={section.title} viewerId={viewerId} signedIn={signedIn} /> : null}
    </section>
  );
}
