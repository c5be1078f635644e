/**
 * One shared timer for every running Math Challenge. A plain 1 s interval that ticks all rooms at
 * once would, at 5,000 rooms, send 10,000 timerUpdate frames in one burst and hold the event loop
 * for tens of milliseconds, which every answer acknowledgement queued behind it would pay for.
 * Instead the second is cut into SLOTS buckets of SLOT_MS; a room sits in the bucket just after its
 * own start time, so each room is still visited once a second, 0–2 slots after each of its
 * whole-second boundaries (timeLeft changes then), and the work is spread evenly over the second.
 *
 * Pure bookkeeping with no timer of its own: the caller's interval passes the current time.
 */

/**
 * Width of a bucket in ms: the precision of timerUpdate and of the end of a game. 10 ms slots keep
 * each slot's burst small (at 1,000 games, 10 rooms and 20 frames); wider slots raised bench/duel's
 * answer-ack p99 (bench/README.md).
 */
export const SLOT_MS = 10;
/** Buckets per second. */
export const SLOTS = 1000 / SLOT_MS;

export class TickWheel {
  private readonly buckets: Set<string>[] = Array.from({ length: SLOTS }, () => new Set<string>());
  private readonly bucketOf = new Map<string, number>();
  private lastSlot: number | null = null;

  /**
   * Schedules a room whose clock starts at `startsAt` (epoch ms). It is visited in the slot after
   * the one holding each whole second of its clock, i.e. up to 2 × SLOT_MS after the second turns.
   */
  add(code: string, startsAt: number): void {
    this.remove(code);
    const bucket = (Math.floor(startsAt / SLOT_MS) + 1) % SLOTS;
    this.buckets[bucket]!.add(code);
    this.bucketOf.set(code, bucket);
  }

  remove(code: string): void {
    const bucket = this.bucketOf.get(code);
    if (bucket === undefined) return;
    this.buckets[bucket]!.delete(code);
    this.bucketOf.delete(code);
  }

  get size(): number {
    return this.bucketOf.size;
  }

  /**
   * Visits the rooms of every slot that began since the previous call (at most one full turn, so a
   * stalled loop or a clock moved forward by minutes visits each room once). The first call visits
   * only the current slot. `visit` may remove rooms.
   */
  due(now: number, visit: (code: string) => void): void {
    const slot = Math.floor(now / SLOT_MS);
    const from = this.lastSlot === null ? slot : Math.max(this.lastSlot + 1, slot - SLOTS + 1);
    if (this.lastSlot !== null && slot <= this.lastSlot) return;
    this.lastSlot = slot;
    for (let s = from; s <= slot; s++) {
      // Copy: visiting may remove the room from its bucket.
      for (const code of [...this.buckets[s % SLOTS]!]) visit(code);
    }
  }

  /** Visits every scheduled room (tests, and a clock that jumped). */
  all(visit: (code: string) => void): void {
    for (const code of [...this.bucketOf.keys()]) visit(code);
  }
}
