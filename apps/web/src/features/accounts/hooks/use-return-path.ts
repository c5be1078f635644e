/**
 * The page to return to after signing in, read from the /login or /signup history entry's state
 * (set by SessionGuard; lib/return-to checks it is a same-origin path). Browsers keep history state
 * across a reload, so a refreshed /login still knows it.
 */
import { useLocation } from 'react-router';
import { returnPathFromState } from '../lib/return-to';

/** @returns a safe same-origin path and query, '/' when none was asked for. */
export function useReturnPath(): string {
  return returnPathFromState(useLocation().state);
}
