/** /contest/{contestId}: taking the weekly contest (spec §2 "Contest taking"). No Logout here (spec §2). */
import { ContestScreen } from '../../features/contest/take/components/contest-screen';

export function ContestRoute() {
  return <ContestScreen />;
}
