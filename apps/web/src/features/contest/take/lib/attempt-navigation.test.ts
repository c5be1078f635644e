import { describe, expect, it } from 'vitest';
import {
  answeredCount,
  firstUnanswered,
  gridKeyTarget,
  initialTakeState,
  isLastQuestion,
  isSummary,
  matrixColumns,
  percentOf,
  savedAnswersFrom,
  takeReducer,
  type TakeState,
} from './attempt-navigation';

const N = 20;
const fresh = (): TakeState => initialTakeState({}, N);

describe('savedAnswersFrom (answers restored from attempt.answers)', () => {
  it('keeps numeric answers inside the question range', () => {
    const saved = savedAnswersFrom(
      [
        { questionIndex: 0, userAnswer: 12 },
        { questionIndex: 3, userAnswer: -1.5 },
        { questionIndex: 4, userAnswer: null },
        { questionIndex: 20, userAnswer: 9 },
        { questionIndex: -1, userAnswer: 9 },
      ],
      N,
    );
    expect(saved).toEqual({ 0: 12, 3: -1.5 });
    expect(answeredCount(saved, N)).toBe(2);
  });
});

describe('initialTakeState', () => {
  it('starts a new attempt at question 1 with an empty field', () => {
    expect(fresh()).toEqual({ index: 0, total: N, saved: {}, input: '' });
  });

  it('reopens a started attempt at its first unanswered question', () => {
    expect(initialTakeState({ 0: 5, 1: 6, 3: 8 }, N).index).toBe(2);
  });

  it('opens the summary when every question is answered', () => {
    const all = Object.fromEntries(Array.from({ length: 3 }, (_, i) => [i, i]));
    const s = initialTakeState(all, 3);
    expect(s.index).toBe(3);
    expect(isSummary(s)).toBe(true);
    expect(firstUnanswered(all, 3)).toBe(3);
  });
});

describe('takeReducer (spec §4: free navigation)', () => {
  it('moves next and previous, staying within 0..N', () => {
    let s = takeReducer(fresh(), { type: 'previous' });
    expect(s.index).toBe(0);
    s = takeReducer(s, { type: 'next' });
    expect(s.index).toBe(1);
    s = takeReducer(s, { type: 'goto', index: N - 1 });
    expect(isLastQuestion(s)).toBe(true);
    s = takeReducer(s, { type: 'next' });
    expect(s.index).toBe(N);
    expect(isSummary(s)).toBe(true);
    expect(takeReducer(s, { type: 'next' }).index).toBe(N);
    expect(takeReducer(s, { type: 'previous' }).index).toBe(N - 1);
  });

  it('clamps grid and matrix jumps', () => {
    expect(takeReducer(fresh(), { type: 'goto', index: 99 }).index).toBe(N);
    expect(takeReducer(fresh(), { type: 'goto', index: -4 }).index).toBe(0);
    expect(takeReducer(fresh(), { type: 'goto', index: Number.NaN }).index).toBe(0);
  });

  it('loads the saved answer of the question jumped to, and clears the field for an unanswered one', () => {
    let s = initialTakeState({ 4: 81 }, N);
    s = takeReducer(s, { type: 'input', value: '17' });
    expect(s.input).toBe('17');
    s = takeReducer(s, { type: 'goto', index: 4 });
    expect(s.input).toBe('81');
    s = takeReducer(s, { type: 'next' });
    expect(s.input).toBe('');
  });

  it('marks an answer saved and moves to the next question', () => {
    let s = takeReducer(fresh(), { type: 'input', value: '42' });
    s = takeReducer(s, { type: 'answered', questionIndex: 0, value: 42 });
    expect(s.saved).toEqual({ 0: 42 });
    expect(s.index).toBe(1);
    expect(s.input).toBe('');
    expect(answeredCount(s.saved, N)).toBe(1);
  });

  it('goes to the summary after answering the last question', () => {
    let s = takeReducer(fresh(), { type: 'goto', index: N - 1 });
    s = takeReducer(s, { type: 'answered', questionIndex: N - 1, value: 1 });
    expect(isSummary(s)).toBe(true);
  });

  it('keeps the user where they jumped while the answer was on its way', () => {
    let s = takeReducer(fresh(), { type: 'goto', index: 7 });
    s = takeReducer(s, { type: 'answered', questionIndex: 2, value: 3 });
    expect(s.index).toBe(7);
    expect(s.saved[2]).toBe(3);
  });

  it('ignores answers for questions that do not exist', () => {
    const s = fresh();
    expect(takeReducer(s, { type: 'answered', questionIndex: N, value: 1 })).toBe(s);
  });
});

describe('matrixColumns (spec §2: 5 or 10 columns, 5 on phones)', () => {
  it('uses 5 columns on phones and 10 on wider screens', () => {
    expect(matrixColumns(375)).toBe(5);
    expect(matrixColumns(640)).toBe(5);
    expect(matrixColumns(641)).toBe(10);
    expect(matrixColumns(1280)).toBe(10);
  });
});

describe('percentOf', () => {
  it('gives whole percentages, clamped, 0 with no questions', () => {
    expect(percentOf(7, 20)).toBe(35);
    expect(percentOf(1, 3)).toBe(33);
    expect(percentOf(20, 20)).toBe(100);
    expect(percentOf(25, 20)).toBe(100);
    expect(percentOf(3, 0)).toBe(0);
  });
});

describe('gridKeyTarget', () => {
  it('steps by cell and by row in a 20-cell grid of 5 columns, stopping at the edges', () => {
    expect(gridKeyTarget('ArrowRight', 0, 20, 5)).toBe(1);
    expect(gridKeyTarget('ArrowLeft', 0, 20, 5)).toBe(0);
    expect(gridKeyTarget('ArrowRight', 19, 20, 5)).toBe(19);
    expect(gridKeyTarget('ArrowDown', 2, 20, 5)).toBe(7);
    expect(gridKeyTarget('ArrowDown', 17, 20, 5)).toBe(17);
    expect(gridKeyTarget('ArrowUp', 7, 20, 5)).toBe(2);
    expect(gridKeyTarget('ArrowUp', 3, 20, 5)).toBe(3);
    expect(gridKeyTarget('Home', 12, 20, 10)).toBe(0);
    expect(gridKeyTarget('End', 3, 20, 10)).toBe(19);
  });

  it('leaves other keys (Tab, Enter, letters) to the browser', () => {
    for (const key of ['Tab', 'Enter', ' ', 'a']) expect(gridKeyTarget(key, 3, 20, 5)).toBeNull();
    expect(gridKeyTarget('ArrowRight', 0, 0, 5)).toBeNull();
  });
});
