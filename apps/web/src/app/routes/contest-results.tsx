/** /contest/{contestId}/results: a weekly contest's results (spec §2 "Contest results"). No Logout here (spec §2). */
import { ContestResultsScreen } from '../../features/contest/results/components/results-screen';

export function ContestResultsRoute() {
  return <ContestResultsScreen />;
}
