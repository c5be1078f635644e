/** /daily: the daily practice hub (spec §2 "Daily practice hub"), with Logout (spec §2). */
import { Page } from '../../components/ui/page';
import { useCurrentUser } from '../../features/accounts/hooks/use-current-user';
import { DailyHub } from '../../features/daily/components/daily-hub';

export function DailyRoute() {
  const user = useCurrentUser();
  // The session guard renders this route only with a stored user; null only while logging out.
  if (!user) return null;
  return (
    <Page showLogout>
      <DailyHub user={user} />
    </Page>
  );
}
