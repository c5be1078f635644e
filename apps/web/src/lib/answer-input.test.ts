import { describe, expect, it } from 'vitest';
import { EMPTY_ANSWER_MESSAGE, parseAnswer, sanitizeAnswerInput, toggleSign } from './answer-input';

describe('sanitizeAnswerInput', () => {
  it('keeps digits, one leading minus and one decimal point', () => {
    expect(sanitizeAnswerInput('12.5')).toBe('12.5');
    expect(sanitizeAnswerInput('-7')).toBe('-7');
    expect(sanitizeAnswerInput('1.2.3')).toBe('1.23');
    expect(sanitizeAnswerInput('4-2')).toBe('42');
    expect(sanitizeAnswerInput('--3')).toBe('-3');
  });

  it('drops letters and spaces and reads a comma as a decimal point', () => {
    expect(sanitizeAnswerInput('x = 12')).toBe('12');
    expect(sanitizeAnswerInput('3,75')).toBe('3.75');
    expect(sanitizeAnswerInput('1e5')).toBe('15');
  });
});

describe('toggleSign', () => {
  it('adds or removes the leading minus', () => {
    expect(toggleSign('12')).toBe('-12');
    expect(toggleSign('-12')).toBe('12');
    expect(toggleSign('')).toBe('-');
  });
});

describe('parseAnswer', () => {
  it('turns the text into the number to send', () => {
    expect(parseAnswer('42')).toEqual({ ok: true, value: 42 });
    expect(parseAnswer(' -3.5 ')).toEqual({ ok: true, value: -3.5 });
    expect(parseAnswer('0')).toEqual({ ok: true, value: 0 });
    expect(parseAnswer('.5')).toEqual({ ok: true, value: 0.5 });
  });

  it("refuses blank input with the spec's message (spec §5)", () => {
    for (const raw of ['', '   ', '-', '.', '-.']) expect(parseAnswer(raw)).toEqual({ ok: false, error: EMPTY_ANSWER_MESSAGE });
    expect(EMPTY_ANSWER_MESSAGE).toBe('Enter an answer before submitting.');
  });
});
