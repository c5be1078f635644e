import { describe, expect, it } from 'vitest';
import { blankAnswers, blankAnswersText } from './blank-answers';

describe('blankAnswers', () => {
  it('lists empty and whitespace-only answers in question order', () => {
    expect(blankAnswers(['3', '', ' ', '-1.5', '\t'])).toEqual([1, 2, 4]);
  });

  it('is empty when every answer is filled, including a zero or a non-number', () => {
    expect(blankAnswers(['0', 'abc', ' 7 '])).toEqual([]);
    expect(blankAnswers([])).toEqual([]);
  });
});

describe('blankAnswersText', () => {
  it('names the blanks out of the whole set and why it matters', () => {
    expect(blankAnswersText(3, 10)).toBe('3 of 10 answers are blank. Blank answers count as wrong, and a set can be sent once a day.');
  });

  it('agrees in number with a single blank', () => {
    expect(blankAnswersText(1, 10)).toBe('1 of 10 answers is blank. Blank answers count as wrong, and a set can be sent once a day.');
  });
});
