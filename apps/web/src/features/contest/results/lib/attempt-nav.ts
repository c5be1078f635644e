/**
 * Navigation state into /contest/{contestId}/results (spec §4 "Contest attempt": a manual submit
 * navigates with the attempt in navigation state; the auto-submit without). History entries can
 * outlive a build or be replayed, so the state is parsed, never cast; anything that does not parse
 * is ignored and the attempt is looked up in history instead.
 */
import type { ContestAnswer, ContestAttempt } from '@mathsprint/shared/protocol';
import { z } from 'zod';

const difficulty = z.enum(['easy', 'medium', 'hard']);

const answerSchema = z.object({
  questionIndex: z.number().int().min(0),
  userAnswer: z.number().nullable(),
  timeSpent: z.number().catch(0),
  correctAnswer: z.number().nullable().catch(null),
  isCorrect: z.boolean().nullable().catch(null),
  points: z.number().nullable().catch(null),
  explanation: z.string().nullable().catch(null),
  question: z.string().nullable().catch(null),
  difficulty: difficulty.nullable().catch(null),
  topics: z.array(z.string()).catch([]),
}) satisfies z.ZodType<ContestAnswer>;

export const contestAttemptSchema = z.object({
  _id: z.string(),
  contestId: z.object({
    _id: z.string().min(1),
    title: z.string(),
    openTime: z.string(),
    closeTime: z.string(),
    questionCount: z.number().int().min(0),
  }),
  userId: z.string(),
  status: z.enum(['registered', 'in-progress', 'submitted']),
  startedAt: z.string().nullable(),
  submittedAt: z.string().nullable(),
  autoSubmitted: z.boolean().catch(false),
  // Null until close (protocol ContestAttempt): a manual submit's attempt always has them null.
  totalScore: z.number().nullable(),
  correctCount: z.number().nullable(),
  wrongCount: z.number().nullable(),
  answeredCount: z.number(),
  totalTimeSpent: z.number(),
  rank: z.number().nullable(),
  percentile: z.number().nullable(),
  badges: z.array(z.string()).catch([]),
  ratingChange: z
    .object({ before: z.number(), after: z.number(), rdBefore: z.number(), rdAfter: z.number() })
    .nullable()
    .catch(null),
  answers: z.array(answerSchema).catch([]),
}) satisfies z.ZodType<ContestAttempt>;

/** The state a manual submit navigates with: `{ attempt }`. */
export const resultsNavSchema = z.object({ attempt: contestAttemptSchema });
export type ResultsNavState = z.infer<typeof resultsNavSchema>;

/** The attempt carried in navigation state, or null when there is none or it does not parse. */
export function attemptFromNavState(state: unknown): ContestAttempt | null {
  const parsed = resultsNavSchema.safeParse(state);
  return parsed.success ? parsed.data.attempt : null;
}
