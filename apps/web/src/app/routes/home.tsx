/**
 * / (spec §2 "Home dashboard"). Composes accounts (the live current user), rating, leaderboard and
 * home; features never import each other, so the wiring lives here.
 */
import { Page } from '../../components/ui/page';
import { useCurrentUser } from '../../features/accounts/hooks/use-current-user';
import { useMeSync } from '../../features/accounts/hooks/use-me-sync';
import { DashboardHero } from '../../features/home/components/dashboard-hero';
import { DashboardLayout } from '../../features/home/components/dashboard-layout';
import { MultiplayerCard } from '../../features/home/components/multiplayer-card';
import { SinglePlayerCard } from '../../features/home/components/single-player-card';
import { LeaderboardPanel } from '../../features/leaderboard/components/leaderboard-panel';
import { useLeaderboard } from '../../features/leaderboard/hooks/use-leaderboard';
import { RatingCard } from '../../features/rating/components/rating-card';

export function HomeRoute() {
  const user = useCurrentUser();
  const leaderboard = useLeaderboard();
  // Re-read the user on every visit: the server pushes ratingUpdate only after the rating is stored,
  // so this never goes backwards, and it catches an update missed while the socket was down.
  useMeSync(true);
  // The session guard renders this route only with a stored user; null only while logging out.
  if (!user) return null;
  return (
    // Guests get no Logout (spec §2): AppHeader shows them 'Create account' instead.
    <Page showLogout>
      <DashboardLayout
        hero={<DashboardHero name={user.name} isGuest={user.isGuest} />}
        rating={<RatingCard rating={user.rating} rd={user.rd} isGuest={user.isGuest} />}
        multiplayer={<MultiplayerCard playerName={user.name} />}
        solo={<SinglePlayerCard />}
        leaderboard={
          <LeaderboardPanel entries={leaderboard.entries} loading={leaderboard.isLoading} currentUserId={user._id} />
        }
      />
    </Page>
  );
}
