/**
 * The badge toast for daily awards (spec §8 "a badge toast for daily awards"; its wording is ours,
 * the spec gives none). Closes after 4 s (spec §9 "badge toasts after 4 s").
 */
import { DISPLAY } from '@mathsprint/shared/constants';
import { toast } from 'react-toastify';
import { IconStar } from '../../../components/ui/icons';
import { badgeToastText, dailyBadgeName } from '../lib/badges';

function BadgeToast({ codes }: { codes: readonly string[] }) {
  return (
    <div className="daily-badge-toast" aria-label={badgeToastText(codes)}>
      <p className="daily-badge-toast-title">{codes.length === 1 ? 'New badge!' : 'New badges!'}</p>
      <ul className="list-reset daily-badge-toast-list" role="list">
        {codes.map((code) => (
          <li key={code} className="daily-badge-chip">
            <IconStar size={14} />
            {dailyBadgeName(code)}
          </li>
        ))}
      </ul>
    </div>
  );
}

export function showBadgeToast(codes: readonly string[]): void {
  if (codes.length === 0) return;
  toast(<BadgeToast codes={codes} />, { autoClose: DISPLAY.toastBadgeMs, className: 'daily-badge-toast-shell', icon: false });
}
