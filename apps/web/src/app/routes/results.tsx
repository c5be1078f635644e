/** /results: results of a Math Challenge or of a single-player challenge (spec §2 "Game results"). */
import { ResultsScreen } from '../../features/duel/components/results-screen';

export function ResultsRoute() {
  return <ResultsScreen />;
}
