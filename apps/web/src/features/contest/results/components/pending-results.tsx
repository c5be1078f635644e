/**
 * The results page of a submitted attempt before its grade is out (issue #47): that it is
 * submitted, how many answers it holds, its time, and when results come (the close time, and a
 * live countdown in the notice), never its score or correctness, which the server sends only after close. After
 * close, while the page waits for the graded copy (`finalizing`), it says they are being computed.
 */
import type { ContestAttempt } from '@mathsprint/shared/protocol';
import { formatMmSs, IconBolt, Page } from '../../../../components/ui';
import { resultsTime } from '../lib/graded';
import { RESULTS_MESSAGES } from '../lib/messages';
import { CloseNotice } from './close-notice';
import { ResultsHero } from './results-hero';
import { IconCheck, IconClock, IconTarget } from './results-icons';
import '../pending-results.css';
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
  const at = resultsTime(attempt.contestId.closeTime);
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
    {
      label: 'Results at',
      value: at.time || '—',
      caption: at.day ? `${at.day}, when the contest closes` : 'when the contest closes',
      icon: <IconClock size={18} />,
      tone: 'violet',
    },
    // The server's own measure, start to submission: it says nothing of the answers.
    { label: 'Time taken', value: formatMmSs(attempt.totalTimeSpent), caption: 'from start to submission', icon: <IconBolt size={18} />, tone: 'gold' },
  ];
  return (
    <Page className="cresults-page cresults-pending">
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
