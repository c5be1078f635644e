/**
 * The results header (spec §2 "Contest results"): the contest title (fallback 'Weekly Math
 * Contest'), the congratulation message and Return Home.
 */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { cx, IconTrophy } from '../../../../components/ui';
import { paths } from '../../../../config/paths';
import { IconHome } from '../../take/components/contest-icons';

export interface ResultsHeroProps {
  title: string;
  message: string;
  /** Small facts under the message (submitted when, rating change). */
  chips?: ReactNode;
  tone?: 'primary' | 'gold' | 'slate';
}

export function ResultsHero({ title, message, chips, tone = 'primary' }: ResultsHeroProps) {
  return (
    <section className={cx('cresults-hero', `cresults-hero-${tone}`)} aria-labelledby="cresults-title">
      <div className="cresults-hero-main">
        <span className="cresults-hero-icon" aria-hidden="true">
          <IconTrophy size={30} />
        </span>
        <div className="cresults-hero-text">
          <p className="cresults-hero-eyebrow">Contest results</p>
          <h1 id="cresults-title" className="cresults-hero-title">
            {title}
          </h1>
          <p className="cresults-hero-message" role="status">
            {message}
          </p>
          {chips ? <div className="cresults-hero-chips">{chips}</div> : null}
        </div>
      </div>
      <Link to={paths.home} className="btn cresults-home">
        <IconHome size={18} /> Return Home
      </Link>
    </section>
  );
}
