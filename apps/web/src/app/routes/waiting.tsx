/** /waiting: the multiplayer lobby (spec §2 "Waiting room"). */
import { WaitingRoom } from '../../features/duel/components/waiting-room';

export function WaitingRoute() {
  return <WaitingRoom />;
}
