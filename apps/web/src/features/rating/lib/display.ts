/**
 * What the dashboard shows of a rating (spec §2 "Home dashboard", §9 "Rating"). The formulas are
 * the shared constants' (ratingBarPercent, confidencePercent, approximateRank); this adds the text.
 */
import { RATING, approximateRank, confidencePercent, ratingBarPercent } from '@mathsprint/shared/constants';

export interface RatingDisplay {
  /** "1500 ± 350": rating and deviation rounded to integers. */
  text: string;
  rating: number;
  rd: number;
  /** Rating bar fill in % (rating / 2500, capped at 100). */
  barPercent: number;
  /** Rounded confidence in %, (1 − rd/500) × 100. */
  confidence: number;
  /** floor((2000 − rating)/50) + 1, at least 1. */
  rank: number;
}

export function ratingDisplay(rating: number, rd: number): RatingDisplay {
  const r = Math.round(rating);
  const d = Math.round(rd);
  return {
    text: `${r} ± ${d}`,
    rating: r,
    rd: d,
    barPercent: ratingBarPercent(rating),
    confidence: Math.round(confidencePercent(rd)),
    rank: approximateRank(rating),
  };
}

/**
 * Whether a rating is still the starting one: its deviation (rating points) is the default 350,
 * which a Glicko-2 rating period only lowers, so the player has no rated game yet. The dashboard
 * then says how the rating moves, instead of a bare "1500 ± 350, Confidence 30%".
 */
export function isStartingRating(rd: number): boolean {
  return Math.round(rd) >= RATING.defaultRd;
}
