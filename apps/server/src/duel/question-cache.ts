/**
 * The question sets of games a process keeps parsed (redis-room-store.ts), bounded by the number
 * of questions they hold rather than by the number of games: a five-minute game holds five times
 * the questions of a one-minute game (150 a minute, issue #47), so a bound in games would let the
 * memory grow with the modes played. Oldest first out.
 */
import type { DuelQuestions } from './duel.machine.js';

export class QuestionCache {
  private readonly sets = new Map<string, DuelQuestions>();
  private held = 0;

  /** @param maxQuestions - questions kept, summed over the cached games. */
  constructor(private readonly maxQuestions: number) {}

  get(gameId: string): DuelQuestions | undefined {
    return this.sets.get(gameId);
  }

  /** Keeps `questions` for `gameId` (a second call for the same game changes nothing), dropping the
   * oldest sets while the total is over the bound. */
  remember(gameId: string, questions: DuelQuestions): void {
    if (this.sets.has(gameId)) return;
    this.sets.set(gameId, questions);
    this.held += questions.answers.length;
    for (const [oldest, evicted] of this.sets) {
      if (this.held <= this.maxQuestions || oldest === gameId) break;
      this.sets.delete(oldest);
      this.held -= evicted.answers.length;
    }
  }

  /** Questions held, summed over the cached games. */
  get size(): number {
    return this.held;
  }
}
