/**
 * Seeded randomness. Everything random in the game (question sets, room codes) draws from an
 * `Rng` passed in by the caller, so a seed reproduces a duel's or contest's questions exactly and
 * tests can pin outcomes.
 */

/** A source of uniform floats in [0, 1), like `Math.random`, but seeded and replayable. */
export type Rng = () => number;

/**
 * cyrb128: a 128-bit string hash by bryc, used to spread a seed over sfc32's four 32-bit words.
 * Source: https://github.com/bryc/code/blob/master/jshash/PRNGs.md ("cyrb128" seeding section)
 * and https://stackoverflow.com/a/47593316.
 */
function cyrb128(text: string): [number, number, number, number] {
  let h1 = 1779033703;
  let h2 = 3144134277;
  let h3 = 1013904242;
  let h4 = 2773480762;
  for (let i = 0; i < text.length; i++) {
    const k = text.charCodeAt(i);
    h1 = h2 ^ Math.imul(h1 ^ k, 597399067);
    h2 = h3 ^ Math.imul(h2 ^ k, 2869860233);
    h3 = h4 ^ Math.imul(h3 ^ k, 951274213);
    h4 = h1 ^ Math.imul(h4 ^ k, 2716044179);
  }
  h1 = Math.imul(h3 ^ (h1 >>> 18), 597399067);
  h2 = Math.imul(h4 ^ (h2 >>> 22), 2869860233);
  h3 = Math.imul(h1 ^ (h3 >>> 17), 951274213);
  h4 = Math.imul(h2 ^ (h4 >>> 19), 2716044179);
  h1 ^= h2 ^ h3 ^ h4;
  h2 ^= h1;
  h3 ^= h1;
  h4 ^= h1;
  return [h1 >>> 0, h2 >>> 0, h3 >>> 0, h4 >>> 0];
}

/**
 * sfc32 (Chris Doty-Humphrey's Small Fast Counting generator, from PractRand), in bryc's
 * 32-bit JavaScript form: https://github.com/bryc/code/blob/master/jshash/PRNGs.md#sfc32.
 * It passes PractRand and keeps a 128-bit state, which is plenty for game content.
 */
function sfc32(seedA: number, seedB: number, seedC: number, seedD: number): Rng {
  let a = seedA | 0;
  let b = seedB | 0;
  let c = seedC | 0;
  let d = seedD | 0;
  return () => {
    const t = (((a + b) | 0) + d) | 0;
    d = (d + 1) | 0;
    a = b ^ (b >>> 9);
    b = (c + (c << 3)) | 0;
    c = (c << 21) | (c >>> 11);
    c = (c + t) | 0;
    return (t >>> 0) / 4294967296;
  };
}

/**
 * bryc advises discarding the first ~15 outputs of sfc32 so that similar seeds (e.g. "duel-1" and
 * "duel-2") do not start with correlated values.
 */
const WARM_UP_DRAWS = 15;

/**
 * A seeded PRNG: cyrb128 hashes the seed, sfc32 generates. Same seed, same sequence, on every
 * JavaScript engine (only 32-bit integer operations are used).
 *
 * @param seed - any string or number; a number is used through `String(seed)`, so `7` and `'7'`
 *   give the same sequence.
 * @returns an `Rng` yielding uniform floats in [0, 1) with 32 bits of resolution.
 */
export function createRng(seed: string | number): Rng {
  const [a, b, c, d] = cyrb128(String(seed));
  const rng = sfc32(a, b, c, d);
  for (let i = 0; i < WARM_UP_DRAWS; i++) rng();
  return rng;
}

/**
 * A uniform integer in [min, max], both ends included.
 *
 * @throws RangeError when `min` or `max` is not a safe integer, or `min > max` (a caller bug).
 */
export function randomInt(rng: Rng, min: number, max: number): number {
  if (!Number.isSafeInteger(min) || !Number.isSafeInteger(max) || min > max) {
    throw new RangeError(`randomInt needs integers min <= max, got ${min} and ${max}`);
  }
  return min + Math.floor(rng() * (max - min + 1));
}
