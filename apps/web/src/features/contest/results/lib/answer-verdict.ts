/**
 * How the Answers tab marks one answer (spec §2 "Contest results": "a correct or incorrect mark").
 * A question the user never answered is neither: it is marked as not answered, as the Summary tab
 * counts it apart (Unanswered) from the incorrect ones. Pure.
 */
import type { ContestAnswer } from '@mathsprint/shared/protocol';

/** 'pending' before close, while the correct answers are still hidden (`isCorrect` is null). */
export type AnswerVerdict = 'correct' | 'incorrect' | 'unanswered' | 'pending';

/** The mark for one answer: unanswered when `userAnswer` is null, else by `isCorrect`. */
export function answerVerdict(answer: Pick<ContestAnswer, 'userAnswer' | 'isCorrect'>): AnswerVerdict {
  if (answer.userAnswer === null) return 'unanswered';
  if (answer.isCorrect === null) return 'pending';
  return answer.isCorrect ? 'correct' : 'incorrect';
}

/** Words a screen reader hears after the question number. */
export const VERDICT_LABEL: Record<AnswerVerdict, string> = {
  correct: 'correct',
  incorrect: 'incorrect',
  unanswered: 'not answered',
  pending: 'answer saved',
};
