import { Link } from 'react-router';

/** The MathSprint wordmark, a link home: the top bar's and the sign-in screens' brand. */
export function Brand() {
  return (
    <Link to="/" className="brand" aria-label="MathSprint home">
      <span className="brand-mark" aria-hidden="true">
        ∑
      </span>
      <span>
        Math<span className="brand-accent">Sprint</span>
      </span>
    </Link>
  );
}
