/**
 * How the game screens (Math Challenge, single-player) set a question's text (components/ui
 * QuestionText). They set questions at up to 3.25 rem, which fits '7 × 8' on any phone but broke a
 * level-10 question such as '(17 − (24 − 17) + 18) × (160 ÷ 8)' over three lines at 375 px, inside
 * its brackets; the mixed questions past level 10 are longer still.
 */

/** Longer texts are set smaller: 16 characters is the most that stays on one line at 375 px at the large size. */
export const LONG_QUESTION_CHARS = 16;

export function isLongQuestion(text: string | undefined): boolean {
  return (text?.length ?? 0) > LONG_QUESTION_CHARS;
}

/**
 * Splits a question into the pieces a line may break between, so that a bracket group or an
 * equation is not split across lines when it fits on one: a break is allowed only at a space
 * outside brackets that follows ')' or ':' or comes before '('. The pieces joined with single
 * spaces give the text back.
 * @example questionChunks('(17 − (24 − 17) + 18) × (160 ÷ 8)') → ['(17 − (24 − 17) + 18)', '×', '(160 ÷ 8)']
 * @example questionChunks('Solve for x: 15x + 39 = 10x + 129') → ['Solve for x:', '15x + 39 = 10x + 129']
 */
export function questionChunks(text: string): string[] {
  const chunks: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (ch === '(') depth++;
    else if (ch === ')') depth = Math.max(0, depth - 1);
    else if (ch === ' ' && depth === 0 && i > start) {
      const before = text[i - 1];
      const after = text[i + 1];
      if (before === ')' || before === ':' || after === '(') {
        chunks.push(text.slice(start, i));
        start = i + 1;
      }
    }
  }
  chunks.push(text.slice(start));
  return chunks;
}
