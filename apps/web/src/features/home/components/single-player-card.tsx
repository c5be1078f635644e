/**
 * The single-player start (spec §2, §9 "Single-player": default mode 1): choose a duration and go
 * to /singleplayer with {mode}. Hosts the second set of floating symbols: 12 at once, a new one
 * every 6 s (spec §9 "Display").
 */
import { DUEL, SOLO, type DuelMode } from '@mathsprint/shared/constants';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { DurationPicker } from '../../../components/ui/duration-picker';
import { FloatingSymbols } from '../../../components/ui/floating-symbols';
import { IconTimer } from '../../../components/ui/icons';

export function SinglePlayerCard() {
  const navigate = useNavigate();
  const [mode, setMode] = useState<DuelMode>(SOLO.defaultMode as DuelMode);
  return (
    <Card title="Solo Sprint" subtitle="Beat the clock on your own" icon={<IconTimer />} className="play-card play-card-solo">
      <FloatingSymbols count={12} intervalMs={6_000} />
      <div className="play-card-body above-symbols">
        <div className="solo-facts" aria-label="How it works">
          <p className="solo-fact">
            <span className="solo-fact-value">{mode} min</span> <span className="solo-fact-label">on the clock</span>
          </p>
          <p className="solo-fact">
            <span className="solo-fact-value">1–10</span> <span className="solo-fact-label">difficulty</span>
          </p>
          <p className="solo-fact">
            <span className="solo-fact-value">Instant</span> <span className="solo-fact-label">feedback</span>
          </p>
        </div>
        <DurationPicker legend="Duration" options={DUEL.modes} value={mode} onChange={setMode} />
        <div className="play-card-foot">
          <Button size="lg" variant="success" block onClick={() => navigate('/singleplayer', { state: { mode } })}>
            Start Challenge
          </Button>
        </div>
      </div>
    </Card>
  );
}
