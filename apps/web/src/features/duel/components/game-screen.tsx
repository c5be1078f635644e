/**
 * The multiplayer game /game (spec §2 "Multiplayer game", §4 "Multiplayer": Playing, Finished).
 *
 * In: navigation state {roomCode, players, questions, mode} (isHost carried on to /results).
 * Without it, the saved game state (spec §3) gives the room and the screen rejoins it; without
 * either (another device) the server says which room (GET /api/rooms/current), or the screen goes
 * home. A rejoin error alerts and goes home (spec §8). The server owns the clock: timerUpdate every
 * second, getTimer at mount, and getTimer again whenever the ticks stop for 2.5 s (useClockResync).
 * The game ends when the timer reaches 0, when this player's index reaches the number of
 * questions, or when the server sends gameOver; 1 s later (spec §9) the app goes to /results with
 * {players, score, roomCode, isHost}. A dropped connection shows "Connection lost. Reconnecting…"
 * and holds answers back until the rejoin after the reconnection is answered.
 * A rejoin during the 3 s start countdown (RejoinAck.startsInMs) shows the rest of the countdown.
 * Answer feedback toasts show in the play card, under the answer form (components/ui PlayFeedback).
 */
import { DUEL } from '@mathsprint/shared/constants';
import type { DuelPlayer, RejoinAck } from '@mathsprint/shared/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
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
import { parseAnswer } from '../../../lib/answer-input';
import { getSocket } from '../../../lib/socket';
import { useStoredUser } from '../../../lib/use-stored-user';
import { clearGameState, gameNavSchema, loadGameState, parseNavState, saveGameState, type GameNavState, type ResultsNavState } from '../lib/game-state';
import { GAME_FEEDBACK_CONTAINER, gameToasts } from '../lib/game-toasts';
import { findCurrentPlayerIndex, withOwnProgress, type Me } from '../lib/players';
import { useClockResync } from '../hooks/use-clock-resync';
import { useRoomFromServer } from '../hooks/use-room-from-server';
import { useRoomRejoin } from '../hooks/use-room-rejoin';
import { useSocketEvent } from '../hooks/use-socket-event';
import { PlayersProgress } from './players-progress';
import { ReconnectingNotice } from './reconnecting-notice';
import { StartCountdown } from './start-countdown';
import './duel.css';

/** How long an answer may stay unacknowledged before the player is told (ms). */
const ANSWER_TIMEOUT_MS = 10_000;
/** A new decorative symbol every 6 s (the faster of spec §9's two rates). */
const SYMBOL_INTERVAL_MS = 6000;

type Game = Omit<GameNavState, 'players'>;

export function GameScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useStoredUser();
  const me: Me | null = user ? { _id: user._id, name: user.name } : null;

  const [nav] = useState(() => parseNavState(gameNavSchema, location.state));
  const [initial] = useState<GameNavState | null>(() => nav ?? loadGameState());
  const [game, setGame] = useState<Game | null>(() =>
    initial ? { roomCode: initial.roomCode, questions: initial.questions, mode: initial.mode, isHost: initial.isHost } : null,
  );
  const [players, setPlayers] = useState<DuelPlayer[]>(() => initial?.players ?? []);
  const mine = initial ? initial.players[findCurrentPlayerIndex(initial.players, me)] : undefined;
  const [score, setScore] = useState(() => mine?.score ?? 0);
  const [current, setCurrent] = useState(() => mine?.current ?? 0);
  const [timeLeft, setTimeLeft] = useState<number | null>(null);
  // Without navigation state the saved state may be stale (or have no questions yet), and after a
  // refresh (navigation state kept, socket new and not yet connected) so is the navigation state:
  // then the game shows once the rejoin acknowledgement has brought the server's state, so that no
  // one answers a question the server has moved past.
  const [ready, setReady] = useState(() => Boolean(nav) && getSocket().connected);
  const [serverOver, setServerOver] = useState(false);
  const [input, setInput] = useState('');
  const [wrong, setWrong] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  // False from a dropped connection until the rejoin that follows the reconnection is answered:
  // meanwhile the screen says so and holds answers back, since socket.io-client would send them on
  // the new connection ahead of the rejoin, where the server refuses them ("You are not in a room").
  const [online, setOnline] = useState(true);
  // What is left of the start countdown (ms) when this screen came back during it (a rejoin that
  // says the clock starts in startsInMs): the countdown shows, and answers wait for it.
  const [countdownMs, setCountdownMs] = useState<number | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  /** Asks again for a rejoin that timed out on a connection still up (set below). */
  const retryRejoin = useRef<() => void>(() => undefined);

  const questions = game?.questions ?? [];
  const total = questions.length;
  const timeUp = timeLeft !== null && timeLeft <= 0;
  const over = ready && (serverOver || timeUp || (total > 0 && current >= total));

  // Nothing saved in this browser: the server says which room (its rejoin brings the game).
  useRoomFromServer(initial !== null, (room) => setGame({ roomCode: room.roomCode, questions: [], mode: room.mode, isHost: room.isHost }));

  const onRejoin = useCallback(
    (ack: RejoinAck & { timedOut?: boolean }) => {
      if (ack.timedOut || ack.error) {
        // Mid-game, a rejoin that timed out is asked again (now if the connection is up, else at the
        // next `connect`); only a failed restore is fatal.
        if (ack.timedOut && ready) {
          if (getSocket().connected) retryRejoin.current();
          return;
        }
        window.alert(ack.error ?? 'The server did not answer. Please try again.');
        clearGameState();
        navigate('/', { replace: true });
        return;
      }
      const roomCode = ack.roomCode ?? game?.roomCode ?? '';
      if (ack.status === 'waiting') {
        navigate('/waiting', {
          replace: true,
          state: { roomCode, players: ack.players ?? [], name: user?.name, isHost: ack.isHost ?? false, mode: ack.mode },
        });
        return;
      }
      const next: Game = {
        roomCode,
        questions: ack.questions ?? game?.questions ?? [],
        mode: ack.mode ?? game?.mode ?? DUEL.defaultMode,
        isHost: ack.isHost ?? game?.isHost,
      };
      setGame(next);
      if (ack.players) setPlayers(ack.players);
      if (ack.playerState) {
        setScore(ack.playerState.score);
        setCurrent(ack.playerState.current);
      }
      if (typeof ack.timeLeft === 'number') setTimeLeft(ack.timeLeft);
      if (ack.status === 'finished') setServerOver(true);
      if (ack.startsInMs) setCountdownMs(ack.startsInMs);
      saveGameState({ ...next, players: ack.players ?? players });
      setReady(true);
      setOnline(true);
    },
    [game, navigate, players, ready, user?.name],
  );
  const rejoin = useRoomRejoin({ roomCode: game?.roomCode ?? null, name: user?.name, rejoinAtMount: !nav, onAck: onRejoin });
  useEffect(() => {
    retryRejoin.current = rejoin;
  }, [rejoin]);

  useEffect(() => {
    const socket = getSocket();
    const dropped = () => setOnline(false);
    socket.on('disconnect', dropped);
    return () => {
      socket.off('disconnect', dropped);
    };
  }, []);

  // Arrived from the waiting room (or a rematch): the socket is in the room; ask for the clock.
  // A refresh keeps the navigation state but not the room, so an error here means: rejoin.
  useEffect(() => {
    if (!nav) return;
    const socket = getSocket();
    if (!socket.connected) return; // useRoomRejoin rejoins on connect, which brings timeLeft
    socket.emit('getTimer', {}, (ack) => {
      if (ack?.error) rejoin();
      else if (typeof ack?.timeLeft === 'number') setTimeLeft(ack.timeLeft);
    });
  }, [nav, rejoin]);

  useSocketEvent('timerUpdate', ({ timeLeft: t }) => setTimeLeft(t));
  // No tick for 2.5 s while the game runs: ask for the clock (a process that missed its start).
  useClockResync({ active: ready && online && !over && countdownMs === null, onTimeLeft: setTimeLeft, onNotInRoom: rejoin });
  useSocketEvent('roomUpdate', (list) => setPlayers(list));
  useSocketEvent('progressUpdate', (list) => {
    setPlayers(list);
    // Scores and indexes only grow during a game: take the server's figures when they are ahead of
    // ours (after a rejoin), never step back to an older snapshot.
    const mineNow = list[findCurrentPlayerIndex(list, me)];
    if (mineNow) {
      setScore((s) => Math.max(s, mineNow.score));
      setCurrent((c) => Math.max(c, mineNow.current));
    }
  });
  useSocketEvent('gameOver', ({ players: final }) => {
    setPlayers(final);
    setServerOver(true);
  });

  // Finished: 'Game Over!' now, /results after 1 s (spec §2, §9) with the latest figures.
  const latest = useRef({ players, score, current, game, me, finished: serverOver || timeUp });
  useEffect(() => {
    latest.current = { players, score, current, game, me, finished: serverOver || timeUp };
  });
  useEffect(() => {
    if (!over) return;
    gameToasts.clear();
    const timer = window.setTimeout(() => {
      const { players: ps, score: s, current: c, game: g, me: m, finished } = latest.current;
      const state: ResultsNavState = {
        players: withOwnProgress(ps, m, s, c),
        score: s,
        ...(g ? { roomCode: g.roomCode } : {}),
        isHost: g?.isHost ?? false,
        finished,
      };
      navigate('/results', { replace: true, state });
    }, DUEL.resultsDelayMs);
    return () => window.clearTimeout(timer);
  }, [over, navigate]);

  const focusInput = () => window.requestAnimationFrame(() => inputRef.current?.focus());

  const submit = () => {
    if (over || submitting || !online || countdownMs !== null || !getSocket().connected) return;
    const parsed = parseAnswer(input);
    if (!parsed.ok) {
      gameToasts.invalid(parsed.error);
      focusInput();
      return;
    }
    setSubmitting(true);
    getSocket()
      .timeout(ANSWER_TIMEOUT_MS)
      .emit('submitAnswer', { answer: parsed.value }, (err, ack) => {
        setSubmitting(false);
        focusInput();
        if (err) {
          // A dropped connection has its own notice, and the rejoin brings the server's figures
          // (with this answer, if it was counted before the drop).
          if (getSocket().connected) gameToasts.problem('No reply from the server. Check your connection and try again.');
          return;
        }
        if (ack.error) {
          window.alert(ack.error);
          return;
        }
        if (typeof ack.score === 'number') setScore(ack.score);
        if (typeof ack.currentQuestion === 'number') setCurrent(ack.currentQuestion);
        if (ack.correct) {
          gameToasts.correct();
          setInput('');
          setWrong(false);
        } else {
          gameToasts.wrong();
          setWrong(true);
          window.requestAnimationFrame(() => inputRef.current?.select());
        }
      });
    focusInput();
  };

  if (!game || !ready) {
    return (
      <Page showLogout>
        <LoadingScreen title="Rejoining your game…" subtitle={game ? `Room ${game.roomCode}` : undefined} />
      </Page>
    );
  }

  const shownTime = timeLeft ?? game.mode * 60;

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
          <GameStats timeLeft={shownTime} score={score} scoreLabel="Score" pulseWhenLow />
        </header>

        <div className="duel-game-grid">
          <Card className="duel-play-card" aria-label="Current question">
            {over ? (
              <GameOverPanel className="duel-over" icon={<IconFlag />} title="Game Over!" caption="Your final score" score={score}>
                {total > 0 && current >= total ? <p className="text-small">You solved every question: all {total}!</p> : null}
                <p className="text-muted text-small">Loading results…</p>
              </GameOverPanel>
            ) : (
              <div className="stack">
                {online ? null : <ReconnectingNotice />}
                <QuestionProgress current={current} total={total} label="Game progress" />
                <QuestionText question={questions[current]} className="duel-question" />
                <AnswerForm
                  value={input}
                  onChange={(v) => {
                    setInput(v);
                    setWrong(false);
                  }}
                  onSubmit={submit}
                  inputRef={inputRef}
                  disabled={over || !online || countdownMs !== null}
                  busy={submitting}
                  invalid={wrong}
                />
                <PlayFeedback containerId={GAME_FEEDBACK_CONTAINER} />
              </div>
            )}
          </Card>
          <PlayersProgress players={players} total={total} me={me} />
        </div>
      </div>
      {countdownMs !== null ? <StartCountdown durationMs={countdownMs} onDone={() => setCountdownMs(null)} /> : null}
    </Page>
  );
}
