import { describe, expect, it } from 'vitest';
import { bin, evaluate, explainSteps, fromExpression, hasTrivialStep, num, render, sqrt } from './expression.js';

describe('render', () => {
  it('adds only the parentheses precedence needs', () => {
    expect(render(bin('−', bin('×', bin('+', num(6), num(4)), num(3)), num(5)))).toBe('(6 + 4) × 3 − 5');
    expect(render(bin('+', num(7), bin('×', num(3), num(4))))).toBe('7 + 3 × 4');
    expect(render(bin('−', num(10), bin('−', num(4), num(3))))).toBe('10 − (4 − 3)');
    expect(render(bin('+', num(1), bin('+', num(2), num(3))))).toBe('1 + 2 + 3');
    expect(render(bin('÷', num(24), bin('×', num(2), num(3))))).toBe('24 ÷ (2 × 3)');
    expect(render(bin('^', bin('+', num(2), num(3)), num(2)))).toBe('(2 + 3)²');
    expect(render(bin('×', bin('^', num(2), num(10)), bin('^', num(3), num(2))))).toBe('2¹⁰ × 3²');
    expect(render(sqrt(bin('+', num(36), num(64))))).toBe('√(36 + 64)');
    expect(render(sqrt(num(169)))).toBe('√169');
  });
});

describe('evaluate', () => {
  it('computes exact integers', () => {
    expect(evaluate(bin('−', bin('×', bin('+', num(6), num(4)), num(3)), num(5)))).toBe(25);
    expect(evaluate(bin('^', num(2), num(7)))).toBe(128);
    expect(evaluate(sqrt(num(169)))).toBe(13);
  });

  it('refuses inexact steps, which would be generator bugs', () => {
    expect(() => evaluate(bin('÷', num(7), num(2)))).toThrow(RangeError);
    expect(() => evaluate(sqrt(num(10)))).toThrow(RangeError);
  });
});

describe('explainSteps', () => {
  it('shows one operation per step', () => {
    expect(explainSteps(bin('−', bin('×', bin('+', num(6), num(4)), num(3)), num(5)))).toBe(
      '(6 + 4) × 3 − 5 = 10 × 3 − 5 = 30 − 5 = 25',
    );
    expect(explainSteps(bin('+', num(37), num(48)))).toBe('37 + 48 = 85');
  });
});

describe('fromExpression', () => {
  it('writes the explanation when read, and it travels in JSON and spreads like any field', () => {
    const q = fromExpression(bin('+', bin('^', num(2), num(5)), num(3)), 'superscript');
    expect(q.text).toBe('2⁵ + 3');
    expect(JSON.parse(JSON.stringify(q))).toEqual({ text: '2⁵ + 3', answer: 35, explanation: '2⁵ + 3 = 32 + 3 = 35' });
    expect({ ...q }.explanation).toBe('2⁵ + 3 = 32 + 3 = 35');
  });
});

describe('hasTrivialStep', () => {
  it('finds x¹, x × 0, x × 1, x − x, x ÷ x, ÷ 1, + 0, √1 and an answer of 0 anywhere in the tree', () => {
    const trivial = [
      bin('^', num(5), num(1)),
      bin('×', num(5), bin('−', num(7), num(7))),
      bin('+', num(3), bin('×', num(4), bin('÷', num(6), num(6)))),
      bin('÷', num(12), num(1)),
      bin('+', num(0), num(4)),
      bin('+', sqrt(num(1)), num(4)),
      bin('−', bin('×', num(2), num(3)), num(6)),
    ];
    for (const expr of trivial) expect(hasTrivialStep(expr), render(expr)).toBe(true);
    for (const expr of [bin('^', num(3), num(2)), bin('−', bin('×', num(6), num(4)), num(3)), sqrt(bin('+', num(36), num(64)))]) {
      expect(hasTrivialStep(expr), render(expr)).toBe(false);
    }
  });
});
