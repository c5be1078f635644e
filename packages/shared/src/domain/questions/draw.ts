/** Small random helpers shared by the topic generators; not part of the public API. */
import { randomInt, type Rng } from '../rng.js';
import { MAX_DIFFICULTY, MIN_DIFFICULTY, type LevelTable } from './types.js';

/** One element of a non-empty list, uniformly. */
export function pick<T>(rng: Rng, items: readonly T[]): T {
  const item = items[randomInt(rng, 0, items.length - 1)];
  if (item === undefined) throw new RangeError('pick needs a non-empty list');
  return item;
}

/** True with probability `p`. */
export function chance(rng: Rng, p: number): boolean {
  return rng() < p;
}

/** The entry of a per-level table for `difficulty` (1..10). */
export function atLevel<T>(table: LevelTable<T>, difficulty: number): T {
  const value = table[difficulty - 1];
  if (value === undefined) {
    throw new RangeError(`difficulty must be an integer ${MIN_DIFFICULTY}..${MAX_DIFFICULTY}, got ${difficulty}`);
  }
  return value;
}

/** Derives one per-level table from another. */
export function mapLevels<T, U>(table: LevelTable<T>, derive: (value: T) => U): LevelTable<U> {
  return table.map(derive) as unknown as LevelTable<U>;
}

/** Redraws allowed before a generator accepts a trivial tree; most trees qualify at once. */
export const TRIVIAL_REDRAWS = 50;

/** `draw()` again while `rejected` says no, up to TRIVIAL_REDRAWS times; the last draw stands. */
export function redrawWhile<T>(draw: () => T, rejected: (value: T) => boolean): T {
  let value = draw();
  for (let i = 0; i < TRIVIAL_REDRAWS && rejected(value); i++) value = draw();
  return value;
}
