import { describe, expect, it } from 'vitest';
import { counted } from './plural';

describe('counted', () => {
  it('uses the singular for one and the plural for every other count', () => {
    expect(counted(1, 'minute')).toBe('1 minute');
    expect(counted(10, 'minute')).toBe('10 minutes');
    expect(counted(0, 'question')).toBe('0 questions');
  });

  it('takes an irregular plural', () => {
    expect(counted(2, 'reply', 'replies')).toBe('2 replies');
    expect(counted(1, 'reply', 'replies')).toBe('1 reply');
  });
});
