/**
 * One Math Challenge being played (spec §2 "Multiplayer game", §4 "Multiplayer": Playing,
 * Finished): the game's state, its socket subscriptions and the player's actions, for the game
 * screen to render.
 *
 * - Start: navigation state {roomCode, players, questions, mode} (isHost carried on to /results).
 *   Without it, the saved game state (spec §3) gives the room and the hook rejoins it; without
 *   either (another device) the server says which room (GET /api/rooms/current), else the app goes
 *   home. A rejoin error alerts and goes home (spec §8); a rejoin that finds the room waiting opens
 *   /waiting.
 * - Clock: the server owns it: timerUpdate every second, getTimer at mount, and getTimer again
 *   whenever the ticks stop for 2.5 s (useClockResync).
 * - Connection: a drop sets `online` false ("Connection lost. Reconnecting…") and holds answers back
 *   until the rejoin after the reconnection is answered. A rejoin during the 3 s start countdown
 *   (RejoinAck.startsInMs) gives `countdownMs`, the rest of that countdown.
 * - Answers: submitAnswer with a 10 s acknowledgement timeout; feedback toasts go to the play card
 *   (lib/game-toasts).
 * - End: the timer reaching 0, this player's index reaching the number of questions, or gameOver;
 *   1 s later (spec §9) the app goes to /results with {players, score, roomCode, isHost, finished}.
 */
import { DUEL } from '@mathsprint/shared/constants';
import { answerAckSchema, timerAckSchema, type DuelPlayer } from '@mathsprint/shared/protocol';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseAnswer } from '../../../lib/answer-input';
import { getSocket } from '../../../lib/socket';
import { parseAck } from '../../../lib/socket-ack';
import { useStoredUser } from '../../../lib/use-stored-user';
import { clearGameState, gameNavSchema, loadGameState, parseNavState, saveGameState, type GameNavState, type ResultsNavState } from '../lib/game-state';
import { gameToasts } from '../lib/game-toasts';
import { findCurrentPlayerIndex, withOwnProgress, type Me } from '../lib/players';
import { useClockResync } from './use-clock-resync';
import { useRoomFromServer } from './use-room-from-server';
import { useRoomRejoin, type RejoinReply } from './use-room-rejoin';
import { useSocketEvent } from './use-socket-event';

/** How long an answer may stay unacknowledged before the player is told (ms). */
const ANSWER_TIMEOUT_MS = 10_000;

/** The room being played: its code, questions (in order), duration in minutes (mode) and host flag. */
export type DuelGame = Omit<GameNavState, 'players'>;

/** What the game screen renders, and the actions it offers the player. */
export interface DuelGameSession {
  /** The room, once known (null while the server is asked which room this user is in). */
  game: DuelGame | null;
  /** The server's state has arrived (or came with the navigation): the game may show. */
  ready: boolean;
  /** Every player's name, score and question index, as the server last sent them. */
  players: DuelPlayer[];
  /** This user (null when signed out), to pick their row among the players. */
  me: Me | null;
  /** This player's score (points). */
  score: number;
  /** Index of the question this player is on (0-based; equals `total` once all are answered). */
  current: number;
  questions: string[];
  total: number;
  /** Seconds left on the server's clock (the mode's full duration until its first reading). */
  timeLeft: number;
  /** The game is over for this player: 'Game Over!' shows until /results opens. */
  over: boolean;
  /** This player answered every question. */
  solvedAll: boolean;
  /** The answer field's text. */
  input: string;
  /** The last answer was wrong (the field shows it until edited). */
  wrong: boolean;
  /** An answer is on its way. */
  submitting: boolean;
  /** The connection is up and the rejoin after it answered; false shows the reconnecting notice. */
  online: boolean;
  /** What is left of the start countdown (ms) after a rejoin during it; null when none. */
  countdownMs: number | null;
  /** Answers are held back (over, offline, or the start countdown running). */
  answersHeld: boolean;
  /** Sets the answer field's text (and clears the wrong mark). */
  setInput: (value: string) => void;
  /** Sends the answer field's answer, unless answers are held back or one is on its way. */
  submit: () => void;
  /** The start countdown has ended: answers are taken. */
  countdownDone: () => void;
  inputRef: React.RefObject<HTMLInputElement | null>;
}

export function useDuelGame(): DuelGameSession {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useStoredUser();
  const me: Me | null = user ? { _id: user._id, name: user.name } : null;

  const [nav] = useState(() => parseNavState(gameNavSchema, location.state));
  const [initial] = useState<GameNavState | null>(() => nav ?? loadGameState());
  const [game, setGame] = useState<DuelGame | null>(() =>
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
    (ack: RejoinReply) => {
      if ('timedOut' in ack || 'error' in ack) {
        // Mid-game, a rejoin that timed out is asked again (now if the connection is up, else at the
        // next `connect`); only a failed restore is fatal.
        if ('timedOut' in ack && ready) {
          if (getSocket().connected) retryRejoin.current();
          return;
        }
        window.alert('error' in ack ? ack.error : 'The server did not answer. Please try again.');
        clearGameState();
        navigate('/', { replace: true });
        return;
      }
      const roomCode = ack.roomCode;
      if (ack.status === 'waiting') {
        navigate('/waiting', {
          replace: true,
          state: { roomCode, players: ack.players, name: user?.name, isHost: ack.isHost, mode: ack.mode },
        });
        return;
      }
      const next: DuelGame = { roomCode, questions: ack.questions, mode: ack.mode, isHost: ack.isHost };
      setGame(next);
      setPlayers(ack.players);
      setScore(ack.playerState.score);
      setCurrent(ack.playerState.current);
      setTimeLeft(ack.timeLeft);
      if (ack.status === 'finished') setServerOver(true);
      if (ack.startsInMs) setCountdownMs(ack.startsInMs);
      saveGameState({ ...next, players: ack.players });
      setReady(true);
      setOnline(true);
    },
    [game, navigate, ready, user?.name],
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
    socket.emit('getTimer', {}, (raw) => {
      const ack = parseAck(timerAckSchema, raw, 'getTimer');
      if ('error' in ack) rejoin();
      else setTimeLeft(ack.timeLeft);
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
      .emit('submitAnswer', { answer: parsed.value }, (err, raw) => {
        setSubmitting(false);
        focusInput();
        if (err) {
          // A dropped connection has its own notice, and the rejoin brings the server's figures
          // (with this answer, if it was counted before the drop).
          if (getSocket().connected) gameToasts.problem('No reply from the server. Check your connection and try again.');
          return;
        }
        const ack = parseAck(answerAckSchema, raw, 'submitAnswer');
        if ('error' in ack) {
          window.alert(ack.error);
          return;
        }
        setScore(ack.score);
        setCurrent(ack.currentQuestion);
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

  return {
    game,
    ready,
    players,
    me,
    score,
    current,
    questions,
    total,
    timeLeft: timeLeft ?? (game?.mode ?? DUEL.defaultMode) * 60,
    over,
    solvedAll: total > 0 && current >= total,
    input,
    wrong,
    submitting,
    online,
    countdownMs,
    answersHeld: over || !online || countdownMs !== null,
    setInput: (value) => {
      setInput(value);
      setWrong(false);
    },
    submit,
    countdownDone: () => setCountdownMs(null),
    inputRef,
  };
}
