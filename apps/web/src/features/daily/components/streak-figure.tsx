/**
 * The home dashboard's streak figure (spec §2 "Greeting, rating and deviation, streak"; spec §6: the
 * streak is fetched only when signed in, so guests see nothing). Sits among the greeting's chips.
 */
import type { PublicUser } from '@mathsprint/shared/protocol';
import { Link } from 'react-router';
import { useDailyStreak } from '../hooks/use-daily-data';
import { IconFlame } from './daily-icons';
import { counted } from '../../../lib/plural';

export function StreakFigure({ user }: { user: PublicUser }) {
  const signedIn = !user.isGuest;
  const streak = useDailyStreak(signedIn);
  if (!signedIn) return null;
  const count = streak.data?.currentStreak ?? 0;
  const label = `Daily streak ${counted(count, 'day')}`;
  return (
    <Link to="/daily" className="hero-chip daily-streak-chip" aria-label={label} title="Open daily practice">
      <IconFlame size={16} />
      <span className="hero-chip-label">Streak</span>{' '}
      <strong className="daily-streak-chip-value">{streak.isPending ? '–' : count}</strong>{' '}
      <span className="hero-chip-label">{count === 1 ? 'day' : 'days'}</span>
    </Link>
  );
}
