/**
 * An in-memory rank index of one season's totals: each user's points and all points in descending
 * order, so "my rank" on GET /api/daily/season is a map lookup and a binary search instead of a
 * COUNT over every player ahead (bench/daily: 100,000 players a month, season p99 ≤ 50 ms).
 *
 * Ranks are standard competition ranks: 1 + the number of players with MORE points (1, 2, 2, 4).
 */

export class SeasonRanks {
  /** All totals, highest first. */
  private sorted: number[];
  private readonly byUser: Map<string, number>;

  /** @param totals - every player's season points (any order). */
  constructor(totals: Iterable<{ userId: string; seasonPoints: number }>) {
    this.byUser = new Map();
    for (const t of totals) this.byUser.set(t.userId, t.seasonPoints);
    this.sorted = [...this.byUser.values()].sort((a, b) => b - a);
  }

  /** Players with points in this season. */
  get size(): number {
    return this.sorted.length;
  }

  /** The user's points, or undefined without any this season. */
  pointsOf(userId: string): number | undefined {
    return this.byUser.get(userId);
  }

  /** The rank a player with `points` holds: 1 + players with more. */
  rankOf(points: number): number {
    // First index whose value is ≤ points, in the descending array.
    let lo = 0;
    let hi = this.sorted.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if ((this.sorted[mid] ?? 0) > points) lo = mid + 1;
      else hi = mid;
    }
    return lo + 1;
  }

  /** Sets the user's total (after a submission): O(n) array moves, microseconds at 100,000 players. */
  set(userId: string, points: number): void {
    const old = this.byUser.get(userId);
    if (old === points) return;
    if (old !== undefined) this.sorted.splice(this.rankOf(old) - 1, 1);
    this.sorted.splice(this.rankOf(points) - 1, 0, points);
    this.byUser.set(userId, points);
  }
}
