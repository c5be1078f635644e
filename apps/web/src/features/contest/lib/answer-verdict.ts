/**
 * How one contest answer is marked, wherever it is reviewed: the results page's Answers tab (spec §2
 * "Contest results": "a correct or incorrect mark") and the analytics details view (spec §2
 * "Details": "a correct or incorrect mark"). A question the user never answered is neither: it is
 * marked as not answered, as the Summary tab counts it apart (Unanswered) from the incorrect ones.
 * Shared by the contest's results and the analytics feature, hence here rather than in results/.
 * Pure.
 */
import type { ContestAnswer } from '@mathsprint/shared/protocol';

/** 'pending' before close, while the correct answers are still hidden (`isCorrect` is null). */
export type AnswerVerdict = 'correct' | 'incorrect' | 'unanswered' | 'pending';

/**
 * The mark for one answer: unanswered when `userAnswer` is null, else by `isCorrect`. Takes a
 * results answer (`ContestAnswer`) or a details question (`ContestDetailsQuestion`, whose
 * `isCorrect` is never null).
 */
export function answerVerdict(answer: { userAnswer: ContestAnswer['userAnswer']; isCorrect: ContestAnswer['isCorrect'] }): AnswerVerdict {
  if (answer.userAnswer === null) return 'unanswered';
  if (answer.isCorrect === null) return 'pending';
  return answer.isCorrect ? 'correct' : 'incorrect';
}

/** Words a screen reader hears after the question number (Answers tab). */
export const VERDICT_LABEL: Record<AnswerVerdict, string> = {
  correct: 'correct',
  incorrect: 'incorrect',
  unanswered: 'not answered',
  pending: 'answer saved',
};

/** The visible label of a mark, e.g. in the analytics details' question review. */
export const VERDICT_TEXT: Record<AnswerVerdict, string> = {
  correct: 'Correct',
  incorrect: 'Incorrect',
  unanswered: 'Not answered',
  pending: 'Answer saved',
};
