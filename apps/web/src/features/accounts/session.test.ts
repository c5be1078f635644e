import { describe, expect, it } from 'vitest';
import { passwordStrength } from './session';

describe('passwordStrength (spec §2 Login: 10 per character, at most 100)', () => {
  it('counts 10 per character', () => {
    expect(passwordStrength('')).toBe(0);
    expect(passwordStrength('a')).toBe(10);
    expect(passwordStrength('abcdefg')).toBe(70);
  });

  it('caps at 100', () => {
    expect(passwordStrength('abcdefghij')).toBe(100);
    expect(passwordStrength('a'.repeat(40))).toBe(100);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordStrength('πππ')).toBe(30);
    expect(passwordStrength('😀😀')).toBe(20);
  });
});
