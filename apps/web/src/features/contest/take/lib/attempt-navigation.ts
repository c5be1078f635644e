/**
 * Where the user is in a contest attempt and what they have answered (spec §4 "Contest attempt":
 * question view, then the summary once the index equals the question count; navigation is free —
 * previous, next, skip, grid or matrix jump — and jumping loads the saved answer for that question).
 * A pure reducer, so every move is tested without a browser.
 */
import type { ContestAnswer } from '@mathsprint/shared/protocol';
import { answerText } from './answer-validation';

/** Answers the server has stored, by 0-based question index. */
export type SavedAnswers = Readonly<Record<number, number>>;

export interface TakeState {
  /** 0-based question index; `total` means the summary view. */
  index: number;
  /** Number of questions. */
  total: number;
  saved: SavedAnswers;
  /** Text of the answer field for the current question. */
  input: string;
}

export type TakeAction =
  /** Grid, matrix or 'Review Questions' (index 0). Clamped to 0..total. */
  | { type: 'goto'; index: number }
  /** Next, 'Skip for Now', 'Review & Submit' (the last question's next is the summary). */
  | { type: 'next' }
  | { type: 'previous' }
  | { type: 'input'; value: string }
  /** The server stored `value` for `questionIndex` (POST /contest/submit-answer succeeded). */
  | { type: 'answered'; questionIndex: number; value: number };

/**
 * Saved answers from the attempt returned by POST /contest/start (spec: answers restored on
 * reload). Answers without a number or outside 0..total−1 are ignored.
 */
export function savedAnswersFrom(answers: readonly Pick<ContestAnswer, 'questionIndex' | 'userAnswer'>[], total: number): SavedAnswers {
  const saved: Record<number, number> = {};
  for (const a of answers) {
    if (a.userAnswer === null || !Number.isFinite(a.userAnswer)) continue;
    if (!Number.isInteger(a.questionIndex) || a.questionIndex < 0 || a.questionIndex >= total) continue;
    saved[a.questionIndex] = a.userAnswer;
  }
  return saved;
}

/** Number of questions with a saved answer. */
export function answeredCount(saved: SavedAnswers, total: number): number {
  let n = 0;
  for (let i = 0; i < total; i++) if (saved[i] !== undefined) n++;
  return n;
}

/** The first question without a saved answer; `total` (the summary) when all are answered. */
export function firstUnanswered(saved: SavedAnswers, total: number): number {
  for (let i = 0; i < total; i++) if (saved[i] === undefined) return i;
  return total;
}

/**
 * Where a (re)opened attempt starts: at its first unanswered question, so a reload mid-contest puts
 * the user back where they were; the summary when every question already has an answer.
 */
export function initialTakeState(saved: SavedAnswers, total: number): TakeState {
  const index = firstUnanswered(saved, total);
  return { index, total, saved, input: answerText(saved[index]) };
}

function moveTo(state: TakeState, index: number): TakeState {
  const next = Math.min(state.total, Math.max(0, Math.floor(index)));
  if (next === state.index) return state;
  return { ...state, index: next, input: answerText(state.saved[next]) };
}

export function takeReducer(state: TakeState, action: TakeAction): TakeState {
  switch (action.type) {
    case 'goto':
      return Number.isFinite(action.index) ? moveTo(state, action.index) : state;
    case 'next':
      return moveTo(state, state.index + 1);
    case 'previous':
      return moveTo(state, state.index - 1);
    case 'input':
      return { ...state, input: action.value };
    case 'answered': {
      if (action.questionIndex < 0 || action.questionIndex >= state.total) return state;
      const saved = { ...state.saved, [action.questionIndex]: action.value };
      // Spec: success marks it answered and moves to the next question — unless the user already
      // jumped elsewhere while the answer was on its way.
      if (state.index !== action.questionIndex) return { ...state, saved };
      return moveTo({ ...state, saved }, action.questionIndex + 1);
    }
  }
}

/** True when the state shows the summary (spec: once the index equals the question count). */
export function isSummary(state: Pick<TakeState, 'index' | 'total'>): boolean {
  return state.index >= state.total;
}

/** True on the last question, where 'Skip for Now' becomes 'Review & Submit' (spec §2). */
export function isLastQuestion(state: Pick<TakeState, 'index' | 'total'>): boolean {
  return state.total > 0 && state.index === state.total - 1;
}

/** Widest viewport (CSS px) that counts as a phone: the summary matrix shows 5 columns up to it. */
export const PHONE_MAX_WIDTH_PX = 640;

/** Columns of the summary's question matrix (spec §2: 5 or 10; 5 on phones). */
export function matrixColumns(viewportWidthPx: number): 5 | 10 {
  return viewportWidthPx <= PHONE_MAX_WIDTH_PX ? 5 : 10;
}

/** A whole percentage of `part` in `total`, 0..100; 0 when total is 0. */
export function percentOf(part: number, total: number): number {
  if (!Number.isFinite(part) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((part / total) * 100)));
}

/**
 * Where an arrow key moves focus in a question grid of `total` cells in rows of `columns` (issue
 * #47: the grid is one tab stop, so that Tab reaches 'Execute Submit' after it instead of after 20
 * cells; WAI-ARIA APG "roving tabindex"). ArrowLeft/ArrowRight step one cell, ArrowUp/ArrowDown
 * one row, Home/End go to the first and last cell; moves stop at the edges.
 *
 * @returns the 0-based cell to focus, or null when the key is not a grid move.
 */
export function gridKeyTarget(key: string, index: number, total: number, columns: number): number | null {
  if (total <= 0) return null;
  const cols = Math.max(1, Math.floor(columns));
  const clamp = (i: number) => Math.min(total - 1, Math.max(0, i));
  switch (key) {
    case 'ArrowLeft':
      return clamp(index - 1);
    case 'ArrowRight':
      return clamp(index + 1);
    case 'ArrowUp':
      return index - cols >= 0 ? index - cols : index;
    case 'ArrowDown':
      return index + cols < total ? index + cols : index;
    case 'Home':
      return 0;
    case 'End':
      return total - 1;
    default:
      return null;
  }
}
