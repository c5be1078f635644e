/**
 * The results page of a submitted attempt before its grade is out (issue #47): that it is
 * submitted, how many answers it holds, and when results come (the close time, with a live
 * countdown), never its score or correctness, which the server sends only after close. After
 * close, while the page waits for the graded copy (`finalizing`), it says they are being computed.
 */
import type { ContestAttempt } from '@mathsprint/shared/protocol';
import { Page } from '../../../../components/ui';
import { formatHhMmSs } from '../../take/lib/contest-time';
import { resultsTimeText } from '../lib/graded';
import { RESULTS_MESSAGES } from '../lib/messages';
import { CloseNotice } from './close-notice';
import { ResultsHero } from './results-hero';
import { IconCheck, IconClock, IconLock, IconTarget } from './results-icons';
import { StatCards, type StatCardItem } from './stat-cards';
import { counted } from '../../../../lib/plural';

export interface PendingResultsProps {
  title: string;
  attempt: ContestAttempt;
  questionCount: number;
  /** Seconds until close; 0 once closed. */
  secondsToClose: number;
  /** 'pending' before close; 'finalizing' after it, grade not in hand yet. */
  kind: 'pending' | 'finalizing';
}

export function PendingResults({ title, attempt, questionCount, secondsToClose, kind }: PendingResultsProps) {
  const at = resultsTimeText(attempt.contestId.closeTime);
  const items: StatCardItem[] = [
    {
      label: 'Status',
      value: 'Submitted',
      caption: attempt.autoSubmitted ? 'by the server at close' : 'your answers are locked in',
      icon: <IconCheck size={18} />,
      tone: 'success',
    },
    {
      label: 'Answers',
      value: attempt.answeredCount,
      caption: `of ${counted(questionCount, 'question')}`,
      icon: <IconTarget size={18} />,
      tone: 'primary',
    },
    { label: 'Results at', value: at || '—', caption: 'when the contest closes', icon: <IconClock size={18} />, tone: 'violet' },
    {
      label: 'Results in',
      value: kind === 'pending' ? <span role="timer" aria-live="off">{formatHhMmSs(secondsToClose)}</span> : 'Now',
      caption: kind === 'pending' ? 'hh:mm:ss' : 'being computed',
      icon: <IconLock size={18} />,
      tone: 'gold',
    },
  ];
  return (
    <Page className="cresults-page">
      <div className="stack-lg">
        <ResultsHero
          title={title}
          message={RESULTS_MESSAGES.submittedBeforeClose}
          chips={<span className="cresults-chip">{attempt.autoSubmitted ? 'Auto-submitted at close' : 'Submitted'}</span>}
        />
        <StatCards items={items} label="Your submission" />
        <CloseNotice kind={kind} secondsToClose={secondsToClose} />
      </div>
    </Page>
  );
}
