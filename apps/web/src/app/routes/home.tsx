/**
 * / (spec §2 "Home dashboard"). Composes accounts (the live current user), rating, leaderboard,
 * the weekly contest card, the analytics panel, daily practice (card and streak figure) and home;
 * the wiring lives here. The analytics toggle is offered to signed-in, non-guest users only (spec §2:
 * guests have no analytics button).
 */
import { useState } from 'react';
import { Page } from '../../components/ui/page';
import { useCurrentUser } from '../../features/accounts/hooks/use-current-user';
import { useMeSync } from '../../features/accounts/hooks/use-me-sync';
import { AnalyticsPanel } from '../../features/analytics/components/analytics-panel';
import { ContestCard } from '../../features/contest/card/components/contest-card';
import { DailyCard } from '../../features/daily/components/daily-card';
import { StreakFigure } from '../../features/daily/components/streak-figure';
import { useCurrentRoom } from '../../features/duel/api/get-current-room';
import { CurrentRoomNotice } from '../../features/duel/components/current-room-notice';
import { DashboardHero } from '../../features/home/components/dashboard-hero';
import { DashboardLayout } from '../../features/home/components/dashboard-layout';
import { MultiplayerCard } from '../../features/home/components/multiplayer-card';
import { SinglePlayerCard } from '../../features/home/components/single-player-card';
import { LeaderboardPanel } from '../../features/leaderboard/components/leaderboard-panel';
import { useLeaderboard } from '../../features/leaderboard/hooks/use-leaderboard';
import { RatingCard } from '../../features/rating/components/rating-card';
import { SoloRunNotice, useStoredSoloRun } from '../../features/solo/components/solo-run-notice';

const ANALYTICS_PANEL_ID = 'analytics-panel';

export function HomeRoute() {
  const user = useCurrentUser();
  const leaderboard = useLeaderboard();
  // Re-read the user on every visit: the server pushes ratingUpdate only after the rating is stored,
  // so this never goes backwards, and it catches an update missed while the socket was down.
  useMeSync(true);
  const [analyticsOpen, setAnalyticsOpen] = useState(false);
  const roomCheck = useCurrentRoom();
  const soloCheck = useStoredSoloRun();
  const noticesChecking = roomCheck.checking || soloCheck.checking;
  // The session guard renders this route only with a stored user; null only while logging out.
  if (!user) return null;
  const canViewAnalytics = !user.isGuest;
  return (
    // Guests get no Logout (spec §2): AppHeader shows them 'Create account' instead.
    <Page showLogout>
      {/* A game or run the player left while it runs: first thing on the page, phones included,
          above the greeting: getting back to it is the most urgent thing here, and under the
          greeting card it would drop towards the fold on a phone. So focus after a navigation
          lands here rather than on the greeting's <h1> below (data-page-start, components/ui/
          route-change PAGE_START_ATTRIBUTE), and the next Tab is Resume. aria-busy holds that
          focus back until both checks have answered; an empty region is passed over for the h1. */}
      <div className="home-notices" data-page-start="" aria-busy={noticesChecking}>
        <CurrentRoomNotice />
        <SoloRunNotice />
      </div>
      <DashboardLayout
        hero={<DashboardHero name={user.name} isGuest={user.isGuest} streak={<StreakFigure user={user} />} />}
        rating={<RatingCard rating={user.rating} rd={user.rd} isGuest={user.isGuest} />}
        contest={
          <ContestCard
            user={user}
            analyticsOpen={canViewAnalytics && analyticsOpen}
            analyticsPanelId={ANALYTICS_PANEL_ID}
            onToggleAnalytics={canViewAnalytics ? () => setAnalyticsOpen((open) => !open) : undefined}
          />
        }
        analytics={
          canViewAnalytics && analyticsOpen ? (
            <AnalyticsPanel user={user} id={ANALYTICS_PANEL_ID} onClose={() => setAnalyticsOpen(false)} />
          ) : null
        }
        daily={<DailyCard user={user} />}
        multiplayer={<MultiplayerCard playerName={user.name} />}
        solo={<SinglePlayerCard />}
        leaderboard={
          <LeaderboardPanel entries={leaderboard.entries} loading={leaderboard.isLoading} currentUserId={user._id} />
        }
      />
    </Page>
  );
}
