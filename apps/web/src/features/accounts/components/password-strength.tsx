import { ProgressBar } from '../../../components/ui/progress-bar';
import { passwordStrength } from '../session';

/** The decorative strength meter of /login (spec §2: 10 per character, at most 100). */
export function PasswordStrength({ password }: { password: string }) {
  const percent = passwordStrength(password);
  const tone = percent >= 80 ? 'success' : percent >= 50 ? 'primary' : 'accent';
  return (
    <div className="strength" aria-hidden="true">
      <ProgressBar value={percent} label="Password strength" size="sm" tone={tone} />
      <span className="strength-value">Strength {percent}%</span>
    </div>
  );
}
