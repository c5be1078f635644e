/**
 * A contest badge with its icon and display name (spec §3 "Badges": each code has an icon, unknown
 * codes get a default icon and are shown as they are). Used by the contest card, the results page
 * and the analytics panel.
 */
import { badgeName } from '@mathsprint/shared/domain';
import { IconStar, IconTarget, IconTrophy, type IconProps } from '../../../components/ui';
import './badge-chip.css';

type BadgeTone = 'gold' | 'silver' | 'primary' | 'success' | 'muted';

const BADGE_LOOK: Record<string, { Icon: (p: IconProps) => React.JSX.Element; tone: BadgeTone }> = {
  'contest-winner': { Icon: IconTrophy, tone: 'gold' },
  'contest-top-3': { Icon: IconTrophy, tone: 'silver' },
  'contest-top-10': { Icon: IconTrophy, tone: 'primary' },
  'contest-top-performer': { Icon: IconStar, tone: 'gold' },
  'contest-master': { Icon: IconStar, tone: 'success' },
  'contest-expert': { Icon: IconStar, tone: 'primary' },
  'contest-advanced': { Icon: IconTarget, tone: 'primary' },
  'contest-intermediate': { Icon: IconTarget, tone: 'success' },
  'contest-participant': { Icon: IconTarget, tone: 'muted' },
};

export interface BadgeChipProps {
  /** Badge code, e.g. 'contest-winner', or a display name (shown as is when unknown). */
  code: string;
  size?: 'sm' | 'md';
}

/** One badge: icon plus display name. */
export function BadgeChip({ code, size = 'md' }: BadgeChipProps) {
  const look = BADGE_LOOK[code];
  const Icon = look?.Icon ?? IconStar;
  return (
    <span className={`badge-chip badge-chip--${look?.tone ?? 'muted'} badge-chip--${size}`} title={badgeName(code)}>
      <Icon size={size === 'sm' ? 12 : 14} />
      <span>{badgeName(code)}</span>
    </span>
  );
}

/** A row of badges; `max` shows the first N and a '+N' count for the rest (spec §2 results leaderboard). */
export function BadgeList({ codes, max, size }: { codes: readonly string[]; max?: number; size?: 'sm' | 'md' }) {
  const shown = max === undefined ? codes : codes.slice(0, max);
  const rest = codes.length - shown.length;
  return (
    <span className="badge-list">
      {shown.map((code) => (
        <BadgeChip key={code} code={code} size={size} />
      ))}
      {rest > 0 && <span className="badge-list__more">+{rest}</span>}
    </span>
  );
}
