/**
 * 'Players Progress' (spec §2 "Multiplayer game"): each player's score in pts, current question
 * number and a progress bar; the single highest scorer above 0 is marked 'Leading', the current
 * user '(You)'.
 */
import type { DuelPlayer } from '@mathsprint/shared/protocol';
import { Card, IconBolt, PlayerName, ProgressBar, cx } from '../../../components/ui';
import { progressPercent } from '../../../lib/question-progress';
import { leadingPlayerIndex, isCurrentPlayer, progressText, type Me } from '../lib/players';

export interface PlayersProgressProps {
  players: readonly DuelPlayer[];
  /** Number of questions in the game. */
  total: number;
  me: Me | null;
}

export function PlayersProgress({ players, total, me }: PlayersProgressProps) {
  const leader = leadingPlayerIndex(players);
  return (
    <Card title="Players Progress" icon={<IconBolt />} tone="tight" className="duel-progress-card">
      {players.length === 0 ? (
        <p className="text-muted text-small">Waiting for players…</p>
      ) : (
        <ul className="list-reset duel-progress-list" role="list">
          {players.map((p, i) => {
            const you = isCurrentPlayer(p, me);
            const percent = progressPercent(p.current, total);
            return (
              <li key={`${p.userId ?? p.name}-${i}`} className={cx('duel-progress-item', you && 'duel-progress-you')}>
                <div className="row-between">
                  <PlayerName name={p.name} you={you} className="duel-name duel-progress-name" youClassName="duel-you text-muted" />
                  <span className="cluster duel-progress-badges">
                    {p.connected === false ? <span className="badge">Offline</span> : null}
                    {i === leader ? <span className="badge badge-gold">Leading</span> : null}
                  </span>
                </div>
                <div className="row-between text-small">
                  <span className="text-muted tabular">{progressText(p.current, total)}</span>
                  <strong className="tabular">{p.score} pts</strong>
                </div>
                <ProgressBar value={percent} label={`${p.name} progress`} size="sm" tone={you ? 'primary' : 'accent'} valueText={`${percent}%`} />
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}
