/** /game: the two-player Math Challenge (spec §2 "Multiplayer game"). */
import { GameScreen } from '../../features/duel/components/game-screen';

export function GameRoute() {
  return <GameScreen />;
}
