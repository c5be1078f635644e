import { describe, expect, it } from 'vitest';
import { isLongQuestion, questionChunks } from './question-layout';

describe('isLongQuestion', () => {
  it('keeps short questions at the large size', () => {
    expect(isLongQuestion('7 × 8')).toBe(false);
    expect(isLongQuestion('(12 + 8) × 3 − 4')).toBe(false);
    expect(isLongQuestion(undefined)).toBe(false);
  });

  it('sets bracketed and equation questions smaller', () => {
    expect(isLongQuestion('(17 − (24 − 17) + 18) × (160 ÷ 8)')).toBe(true);
    expect(isLongQuestion('Solve for x: 15x + 39 = 10x + 129')).toBe(true);
  });
});

describe('questionChunks', () => {
  const cases: [string, string[]][] = [
    ['7 × 8', ['7 × 8']],
    ['(17 − (24 − 17) + 18) × (160 ÷ 8)', ['(17 − (24 − 17) + 18)', '×', '(160 ÷ 8)']],
    ['(20 × 16 − 10) × (23 − (19 − 12))', ['(20 × 16 − 10)', '×', '(23 − (19 − 12))']],
    ['(12 + 8) × 3 − 4', ['(12 + 8)', '× 3 − 4']],
    ['3 + (4 × 5)', ['3 +', '(4 × 5)']],
    ['Solve for x: 15x + 39 = 10x + 129', ['Solve for x:', '15x + 39 = 10x + 129']],
    ['What is 15% of 240?', ['What is 15% of 240?']],
  ];

  it.each(cases)('splits %s between its bracket groups only', (text, chunks) => {
    expect(questionChunks(text)).toEqual(chunks);
  });

  it('gives the text back when the pieces are joined with spaces', () => {
    for (const [text] of cases) expect(questionChunks(text).join(' ')).toBe(text);
    expect(questionChunks(' (1 + 2)  × 3 ').join(' ')).toBe(' (1 + 2)  × 3 ');
  });
});
