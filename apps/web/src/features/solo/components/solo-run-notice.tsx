/**
 * The way back into a solo run the player left while its clock runs (the logo, the back button, a
 * reload elsewhere in the app): shown at the top of the dashboard while the run stored in this
 * browser (spec §3 "Single-player session") is still running by the server's clock
 * (GET /singleplayer/timer, asked at each visit and every 5 s, counted down here in between).
 * 'Resume' opens /singleplayer with the run's own mode, so the screen resumes it (spec §4) instead
 * of starting another of the card's chosen length. A run the server says is over is forgotten; a
 * failed timer call shows nothing (spec §8).
 */
import { SOLO } from '@mathsprint/shared/constants';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { ResumeNotice, ResumeNoticeLine } from '../../../components/ui/resume-notice';
import { CLOCK_REREAD_MS, useCountdown } from '../../../lib/countdown';
import { soloTimer } from '../api/solo-api';
import { clearSoloSession, loadSoloSession } from '../lib/solo-session';

/**
 * The run stored in this browser and the server's word on it (GET /singleplayer/timer, re-read every
 * 5 s while it runs). `checking` while the first answer is awaited: the dashboard marks its notices
 * busy meanwhile, so that focus after a navigation waits for them (components/ui/route-change
 * focusTarget). Both the dashboard and the notice call it; React Query shares the one request.
 */
export function useStoredSoloRun() {
  const [stored] = useState(() => loadSoloSession());
  const query = useQuery({
    queryKey: ['solo', 'stored-run', stored?.sessionId ?? ''] as const,
    queryFn: () => soloTimer(stored!.sessionId),
    enabled: stored !== null,
    staleTime: 0,
    gcTime: 0,
    retry: false,
    refetchInterval: (q) => (q.state.data && !q.state.data.over ? CLOCK_REREAD_MS : false),
  });
  return { stored, run: query.data, readAt: query.dataUpdatedAt, checking: query.isLoading };
}

export function SoloRunNotice() {
  const navigate = useNavigate();
  const { stored, run, readAt } = useStoredSoloRun();
  const running = Boolean(run && !run.over && run.timeLeft > 0);
  const secondsLeft = useCountdown(run?.timeLeft ?? 0, readAt, running);
  useEffect(() => {
    if (run?.over) clearSoloSession();
  }, [run?.over]);

  if (!stored || !run || !running || secondsLeft <= 0) return null;
  const mode = stored.mode ?? SOLO.defaultMode;
  const parts = [`${mode}-minute challenge`, `${run.score} pts`];
  if (stored.questions.length > 0) parts.push(`Question ${Math.min(run.current + 1, stored.questions.length)} of ${stored.questions.length}`);
  return (
    <ResumeNotice
      label="Your solo run"
      title="Your Solo Sprint is still on"
      secondsLeft={secondsLeft}
      actionLabel="Resume"
      actionVariant="success"
      onAction={() => navigate('/singleplayer', { state: { mode } })}
    >
      <ResumeNoticeLine parts={parts} />
    </ResumeNotice>
  );
}
