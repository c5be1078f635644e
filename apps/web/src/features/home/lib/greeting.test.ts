import { describe, expect, it } from 'vitest';
import { firstName, greetingFor } from './greeting';

describe('greetingFor', () => {
  it('follows the local hour', () => {
    expect(greetingFor(new Date(2025, 0, 1, 3))).toBe('Good evening');
    expect(greetingFor(new Date(2025, 0, 1, 9))).toBe('Good morning');
    expect(greetingFor(new Date(2025, 0, 1, 13))).toBe('Good afternoon');
    expect(greetingFor(new Date(2025, 0, 1, 21))).toBe('Good evening');
  });
});

describe('firstName', () => {
  it('keeps the first word, or the whole name when it is one word', () => {
    expect(firstName('Ada Lovelace')).toBe('Ada');
    expect(firstName('  Guest-7QK ')).toBe('Guest-7QK');
  });
});
