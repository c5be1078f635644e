/**
 * The multiplayer game /game (spec §2 "Multiplayer game", §4 "Multiplayer": Playing, Finished):
 * renders what hooks/use-duel-game gives (the game's state, clock, connection and answers live
 * there). "Rejoining your game…" until the server's state is in; then the room, the clock and
 * score, the question with its answer form (or 'Game Over!' until /results opens), every player's
 * progress, "Connection lost. Reconnecting…" while the connection is down, and the rest of the
 * start countdown after a rejoin during it. Answer feedback toasts show in the play card, under the
 * answer form (components/ui PlayFeedback).
 */
import { DUEL } from '@mathsprint/shared/constants';
import {
  AnswerForm,
  Card,
  FloatingSymbols,
  GameOverPanel,
  GameStats,
  IconFlag,
  LoadingScreen,
  Page,
  PlayFeedback,
  QuestionProgress,
  QuestionText,
} from '../../../components/ui';
import { GAME_FEEDBACK_CONTAINER } from '../lib/game-toasts';
import { useDuelGame } from '../hooks/use-duel-game';
import { PlayersProgress } from './players-progress';
import { ReconnectingNotice } from './reconnecting-notice';
import { StartCountdown } from './start-countdown';
import './duel.css';

/** A new decorative symbol every 6 s (the faster of spec §9's two rates). */
const SYMBOL_INTERVAL_MS = 6000;

export function GameScreen() {
  const session = useDuelGame();
  const { game, over, total, current, score, countdownMs } = session;

  if (!game || !session.ready) {
    return (
      <Page showLogout>
        <LoadingScreen title="Rejoining your game…" subtitle={game ? `Room ${game.roomCode}` : undefined} />
      </Page>
    );
  }

  return (
    <Page showLogout className="duel-page duel-game-page">
      <div className="duel-symbols" aria-hidden="true">
        <FloatingSymbols count={DUEL.decorativeSymbols} intervalMs={SYMBOL_INTERVAL_MS} fixed />
      </div>
      <div className="above-symbols stack">
        <header className="duel-game-header">
          <div className="duel-title">
            <h1>Math Challenge</h1>
            <span className="badge badge-primary duel-room-badge">
              Room <span className="mono">{game.roomCode}</span>
            </span>
          </div>
          <GameStats timeLeft={session.timeLeft} score={score} scoreLabel="Score" pulseWhenLow />
        </header>

        <div className="duel-game-grid">
          <Card className="duel-play-card" aria-label="Current question">
            {over ? (
              <GameOverPanel className="duel-over" icon={<IconFlag />} title="Game Over!" caption="Your final score" score={score}>
                {session.solvedAll ? <p className="text-small">You solved every question: all {total}!</p> : null}
                <p className="text-muted text-small">Loading results…</p>
              </GameOverPanel>
            ) : (
              <div className="stack">
                {session.online ? null : <ReconnectingNotice />}
                <QuestionProgress current={current} total={total} label="Game progress" />
                <QuestionText question={session.questions[current]} className="duel-question" />
                <AnswerForm
                  value={session.input}
                  onChange={session.setInput}
                  onSubmit={session.submit}
                  inputRef={session.inputRef}
                  disabled={session.answersHeld}
                  busy={session.submitting}
                  invalid={session.wrong}
                />
                <PlayFeedback containerId={GAME_FEEDBACK_CONTAINER} />
              </div>
            )}
          </Card>
          <PlayersProgress players={session.players} total={total} me={session.me} />
        </div>
      </div>
      {countdownMs !== null ? <StartCountdown durationMs={countdownMs} onDone={session.countdownDone} /> : null}
    </Page>
  );
}
