/**
 * The results screen /results (spec §2 "Game results", §4 "Multiplayer": Rematch).
 *
 * In: navigation state {players, score, roomCode?, isHost?, mode?}. A Math Challenge carries its
 * roomCode; the single-player challenge sends one player named 'You', no room and its mode, and gets
 * Play again (a new run of the same length; added here) instead of Rematch.
 * While on this screen the Math Challenge list keeps following progressUpdate and gameOver (the
 * opponent may still be answering when this player ran out of questions), and the game's clock
 * (timerUpdate; getTimer when the ticks stop for 2.5 s, useClockResync).
 *
 * Rematch states (spec §4): idle → requested-waiting (this user asked; the button reads
 * 'Waiting...') or opponent-requested (rematchRequested from the other player) → starting (both
 * asked: rematchStarting {seconds}, and a 3-2-1 countdown runs) → rematchStarted {questions, mode,
 * players}, which the server sends when the new game's clock starts: the saved game state is
 * replaced and the app returns to /game (should it not come within 2 s of the countdown's end,
 * the screen rejoins, and the server sends it again). While the connection is down the screen says
 * "Connection lost. Reconnecting…" and Rematch is disabled (useConnectionLost). A screen back
 * during the countdown (a reload, a blip) shows what is left of it (RejoinAck.startsInMs) and waits
 * too.
 */
import { DUEL } from '@mathsprint/shared/constants';
import { DUEL_ERRORS, errorAckSchema } from '@mathsprint/shared/protocol';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { Button, Card, IconEquals, IconFlag, IconList, IconTarget, IconTrophy, PaceNotice, Page, PlayerName, ProgressBar, cx } from '../../../components/ui';
import { getSocket } from '../../../lib/socket';
import { parseAck } from '../../../lib/socket-ack';
import { useStoredUser } from '../../../lib/use-stored-user';
import { parseNavState, resultsNavSchema, saveGameState, type GameNavState } from '../lib/game-state';
import { gameToasts } from '../lib/game-toasts';
import { isCurrentPlayer, type Me } from '../lib/players';
import { bannerText, gameOutcome, rankPlayers, relativeScorePercent } from '../lib/ranking';
import { stillPlayingClock } from '../lib/results-status';
import { rematchButtonState } from '../lib/rematch-button';
import { whatsappShareText, whatsappShareUrl } from '../lib/share';
import { useConnectionLost } from '../hooks/use-connection-lost';
import { useLeaveRoomOnExit } from '../hooks/use-leave-room-on-exit';
import { useClockResync } from '../hooks/use-clock-resync';
import { useRoomRejoin, type RejoinReply } from '../hooks/use-room-rejoin';
import { useSocketEvent } from '../hooks/use-socket-event';
import { ReconnectingNotice } from './reconnecting-notice';
import { StartCountdown } from './start-countdown';
import './duel.css';
import { counted } from '../../../lib/plural';

/** The name the single-player screen gives its one player (spec §2 "Single-player"). */
const SOLO_PLAYER_NAME = 'You';
/** Spec §2 "Game results" status line when the opponent asked; the one shown as an alert. */
const OPPONENT_ASKED_TEXT = 'Other player wants a rematch! Click Rematch to start.';
/** The status line while the opponent still plays the first game (this player finished first). */
const STILL_PLAYING_TEXT = 'Your opponent is still playing…';
/** How long past the end of the rematch's countdown 'Go!' may stay before the screen asks the server
 * for the start it should have heard (ms); rematchStarted comes at the end, a round trip later. */
const REMATCH_START_GRACE_MS = 2_000;
/** How often it asks again while 'Go!' stays (ms). */
const REMATCH_START_RETRY_MS = 3_000;

function solvedText(n: number): string {
  return `${counted(n, 'question')} solved`;
}

export function ResultsScreen() {
  const location = useLocation();
  const navigate = useNavigate();
  const user = useStoredUser();
  const [nav] = useState(() => parseNavState(resultsNavSchema, location.state));
  const [players, setPlayers] = useState(() => nav?.players ?? []);
  const roomCode = nav?.roomCode ?? null;
  const solo = !roomCode;
  const me: Me | null = solo ? { name: SOLO_PLAYER_NAME } : user ? { _id: user._id, name: user.name } : null;

  /** Players still in the room (from roomUpdate); null until the server says. */
  const [inRoom, setInRoom] = useState<number | null>(null);
  const [pending, setPending] = useState(false);
  const [requested, setRequested] = useState(false);
  const [opponentAsked, setOpponentAsked] = useState(false);
  /** How long the rematch's countdown runs (ms) once it began (rematchStarting came, or a rejoin
   * during it said what is left); null until then. rematchStarted ends it by leaving the screen. */
  const [rematchMs, setRematchMs] = useState<number | null>(null);
  const rematch = rematchMs !== null;
  // False while the opponent still plays (this player solved every question first): the standings
  // are provisional, so no banner yet and no rematch (the server would refuse it).
  const [finished, setFinished] = useState(() => nav?.finished !== false);
  /** The first game's clock (s) while the opponent still plays it, from timerUpdate. */
  const [timeLeft, setTimeLeft] = useState<number | null>(null);
  const exit = useLeaveRoomOnExit(roomCode);
  const connectionLost = useConnectionLost();

  useEffect(() => {
    if (!nav) navigate('/', { replace: true });
  }, [nav, navigate]);

  const onRejoin = useCallback(
    (ack: RejoinReply) => {
      // A refusal or a time-out changes nothing here: the results stay, Rematch says the rest.
      if ('timedOut' in ack || 'error' in ack) return;
      if (ack.status === 'finished') {
        setFinished(true);
        setPlayers(ack.players);
      } else if (ack.status === 'playing' && !finished && !rematch) {
        setPlayers(ack.players); // the opponent is still playing the first game
      }
      // A rematch may have started while the connection was down: join it. (While the first game
      // is unfinished, 'playing' is still that game, which this player has completed.) While its
      // countdown runs, rematchStarted comes when the clock starts (or at once, if it started
      // while the connection was down): going now would show the game before it runs. A countdown
      // this screen missed (its connection was down when both asked) shows for what is left of it.
      if (ack.status === 'playing' && ack.startsInMs && finished && !rematch) {
        setRematchMs(ack.startsInMs);
        return;
      }
      if (ack.status === 'playing' && finished && !rematch) {
        const state: GameNavState = { roomCode: ack.roomCode, players: ack.players, questions: ack.questions, mode: ack.mode, isHost: ack.isHost };
        saveGameState(state);
        exit.stay();
        navigate('/game', { replace: true, state });
      }
    },
    [navigate, finished, rematch, exit],
  );
  // Rejoined at mount too: its acknowledgement is the room as of now, so a progressUpdate or gameOver
  // that came between the game screen's last render and this screen's listeners is not lost.
  const rejoin = useRoomRejoin({ roomCode, name: user?.name, rejoinAtMount: true, onAck: onRejoin });
  // 'Go!' outlasts the rematch's start only when rematchStarted was lost on its way (with several
  // processes, one whose Redis subscriber was down when the clock started never hears of it):
  // a rejoin has the server send it again (offerMissedRematch) and keep this room's clock, until
  // it comes and the screen leaves for /game.
  useEffect(() => {
    if (rematchMs === null) return;
    const ask = () => {
      rejoin();
      timer = setTimeout(ask, REMATCH_START_RETRY_MS);
    };
    let timer = setTimeout(ask, rematchMs + REMATCH_START_GRACE_MS);
    return () => clearTimeout(timer);
  }, [rematchMs, rejoin]);

  useSocketEvent('progressUpdate', (list) => {
    if (!solo && !rematch) setPlayers(list);
  });
  useSocketEvent('gameOver', ({ players: final }) => {
    if (solo || rematch) return;
    setPlayers(final);
    setFinished(true);
  });
  const onTimeLeft = (seconds: number) => {
    setTimeLeft(seconds);
    if (seconds <= 0) setFinished(true);
  };
  useSocketEvent('timerUpdate', ({ timeLeft }) => {
    if (!solo && !rematch) onTimeLeft(timeLeft);
  });
  // While the opponent still plays, ticks silent for 2.5 s are asked for (as on the game screen).
  useClockResync({ active: !solo && !finished && !rematch, onTimeLeft, onNotInRoom: rejoin });
  useSocketEvent('roomUpdate', (list) => {
    if (!solo) setInRoom(list.filter((p) => p.connected !== false).length);
  });
  useSocketEvent('rematchRequested', ({ name }) => {
    if (!solo && !isCurrentPlayer({ name }, user ? { name: user.name } : null)) setOpponentAsked(true);
  });
  useSocketEvent('rematchStarting', ({ seconds }) => {
    if (solo || rematch) return;
    setRematchMs(seconds * 1000);
  });
  useSocketEvent('rematchStarted', ({ questions, mode, players: fresh }) => {
    if (solo || !roomCode) return;
    // Spec §4: score and progress reset to 0, the input and the game-over flag clear (the game
    // screen starts from this state), and the app returns to /game. The server sends this when the
    // clock starts, i.e. as the countdown shows 'Go!'.
    const state: GameNavState = {
      roomCode,
      players: fresh.map((p) => ({ ...p, score: 0, current: 0 })),
      questions,
      mode,
      isHost: nav?.isHost,
    };
    saveGameState(state);
    exit.stay();
    navigate('/game', { replace: true, state });
  });

  const requestRematch = () => {
    if (!getSocket().connected) return gameToasts.reconnecting();
    setPending(true);
    getSocket().emit('rematch', {}, (raw) => {
      setPending(false);
      const ack = parseAck(errorAckSchema, raw, 'rematch');
      if ('error' in ack) {
        window.alert(ack.error);
        setRequested(false);
        return;
      }
      setRequested(true);
    });
  };

  const goHome = () => {
    exit.leave();
    navigate('/');
  };

  // A new run, not this one resumed: the solo screen forgot the finished run as it ended (spec §3),
  // and would start afresh anyway once the server called it over. replace: Back from the new run's
  // results goes home, not to this run's.
  const playAgain = () => navigate('/singleplayer', { replace: true, state: nav?.mode === undefined ? undefined : { mode: nav.mode } });

  const ranked = useMemo(() => rankPlayers(players), [players]);
  const outcome = gameOutcome(ranked, me);
  const banner = bannerText(outcome);
  const topScore = ranked[0]?.player.score ?? 0;
  const shareUrl = whatsappShareUrl(whatsappShareText(ranked, outcome));
  const myRow = ranked.find((r) => isCurrentPlayer(r.player, me));
  const myScore = myRow?.player.score ?? nav?.score ?? 0;
  // Issue #47: a player the server judged faster than a person (this one first, if both were).
  const flagged = myRow?.player.paceFlag ? myRow.player : ranked.find((r) => r.player.paceFlag)?.player;

  const enoughPlayers = players.length >= DUEL.maxPlayers && (inRoom === null || inRoom >= DUEL.maxPlayers);
  // The opponent left the results (or lost their connection): no rematch until they are back.
  const opponentGone = !solo && finished && players.length >= DUEL.maxPlayers && inRoom !== null && inRoom < DUEL.maxPlayers;
  const starting = pending || rematch;
  const rematchButton = rematchButtonState({ enoughPlayers, finished, starting, requested, connectionLost });
  const status = rematch
    ? 'Rematch starting…'
    : opponentGone
      ? `${DUEL_ERRORS.opponentLeft}.`
      : requested
        ? 'Waiting for other player to accept rematch...'
        : opponentAsked
          ? OPPONENT_ASKED_TEXT
          : !finished
            ? STILL_PLAYING_TEXT
            : null;
  // Beside that line, hidden from its live region: a clock read out every second would drown it.
  const clock = status === STILL_PLAYING_TEXT ? stillPlayingClock(timeLeft) : null;

  if (!nav) return null;

  return (
    <Page showLogout width="narrow" className="duel-page">
      <div className="stack-lg">
        <section className={cx('results-hero', finished && `results-hero-${outcome.kind}`)} aria-labelledby="results-title">
          <span className="results-trophy">
            {!finished || outcome.kind === 'solo' ? <IconFlag /> : outcome.kind === 'tie' ? <IconEquals /> : outcome.kind === 'won' ? <IconTrophy /> : <IconTarget />}
          </span>
          <h1 id="results-title" className="results-title">
            Game Results
          </h1>
          {banner && finished ? (
            <p className="results-banner" role="status">
              {outcome.kind === 'lost' ? (
                // The name wraps as a whole ("Winner:" above "Guest-7K3Q"), not at its hyphen.
                <>
                  Winner: <span className="results-banner-name">{outcome.winner.name}</span>
                </>
              ) : (
                banner
              )}
            </p>
          ) : !finished ? (
            <p className="results-banner results-banner-pending" role="status">
              You finished first!
            </p>
          ) : null}
          <p className="results-myscore">
            Your score <strong className="tabular">{myScore} pts</strong>
          </p>
          {flagged ? (
            <PaceNotice
              who={solo || flagged === myRow?.player ? 'You' : flagged.name}
              effect={solo ? 'this run sets no record' : 'this game changes no rating'}
            />
          ) : null}
        </section>

        <Card title={solo ? 'Your run' : finished ? 'Final standings' : 'Standings'} icon={<IconList />} tone="tight">
          <ol className="list-reset results-list" role="list">
            {ranked.map(({ rank, player }, i) => {
              const you = isCurrentPlayer(player, me);
              const winner = finished && i === 0 && (outcome.kind === 'won' || outcome.kind === 'lost');
              return (
                <li key={`${player.userId ?? player.name}-${i}`} className={cx('results-row', you && 'results-row-you', winner && 'results-row-winner')}>
                  {/* 'Rank' as hidden text, not aria-label: a plain span's label is ignored (ARIA
                      forbids naming generic elements), so the row read as "1 Ada…". */}
                  <span className={cx('results-rank', `results-rank-${Math.min(rank, 4)}`)}>
                    <span className="visually-hidden">Rank </span>
                    {rank}
                  </span>
                  <div className="results-main">
                    <div className="results-line">
                      {/* The single-player row is already called 'You'. */}
                      <PlayerName
                        name={player.name}
                        you={you && player.name !== SOLO_PLAYER_NAME}
                        className="results-name"
                        youClassName="results-you text-muted"
                      />
                      {winner ? <span className="badge badge-gold">Winner</span> : null}
                    </div>
                    <div className="results-line text-small">
                      <span className="text-muted">{solvedText(player.current)}</span>
                      <strong className="tabular">{player.score} pts</strong>
                    </div>
                    <ProgressBar
                      value={relativeScorePercent(player.score, topScore)}
                      label={`${player.name} score relative to the top score`}
                      size="sm"
                      tone={winner ? 'gradient' : 'primary'}
                    />
                  </div>
                </li>
              );
            })}
          </ol>
        </Card>

        {connectionLost && !solo ? <ReconnectingNotice /> : null}
        {status ? (
          <p className={cx('results-status', status === OPPONENT_ASKED_TEXT && 'results-status-alert')} role="status">
            {status}
            {clock ? <span aria-hidden="true"> {clock}</span> : null}
          </p>
        ) : null}
        <div className="results-actions">
          <Button variant="ghost" size="lg" onClick={goHome}>
            Back to Home
          </Button>
          {solo ? (
            <Button size="lg" onClick={playAgain}>
              Play again
            </Button>
          ) : (
            <Button
              size="lg"
              onClick={rematchButton.waiting ? undefined : requestRematch}
              disabled={rematchButton.disabled}
              aria-disabled={rematchButton.waiting || undefined}
              aria-busy={starting || undefined}
            >
              {rematchButton.label}
            </Button>
          )}
          {finished ? (
            <a className="btn btn-success btn-lg" href={shareUrl} target="_blank" rel="noopener noreferrer">
              Share on WhatsApp
              {/* Said before it happens: the link leaves this tab's game for WhatsApp in a new one. */}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          ) : (
            // Nothing to share while the opponent still plays: the standings (and the winner the
            // text would name) are not final yet.
            <Button variant="success" size="lg" disabled>
              Share on WhatsApp
            </Button>
          )}
        </div>
      </div>
      {/* 'Go!' stays until rematchStarted arrives, at the clock's start. */}
      {rematchMs !== null ? <StartCountdown caption="Rematch starting" durationMs={rematchMs} /> : null}
    </Page>
  );
}
