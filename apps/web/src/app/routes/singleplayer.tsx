/** /singleplayer: the timed single-player challenge (spec §2 "Single-player"). */
import { SoloScreen } from '../../features/solo/components/solo-screen';

export function SingleplayerRoute() {
  return <SoloScreen />;
}
