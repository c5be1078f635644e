import { describe, expect, it } from 'vitest';
import { difficultyLabel, firstUnlocked, questionCountText, unlockText } from './sections';

describe('section card text', () => {
  it('capitalises difficulty and shows mixed as Mixed', () => {
    expect(difficultyLabel('easy')).toBe('Easy');
    expect(difficultyLabel('mixed')).toBe('Mixed');
  });

  it('words counts and unlock ratings', () => {
    expect(questionCountText(10)).toBe('10 questions');
    expect(questionCountText(1)).toBe('1 question');
    expect(unlockText(1800)).toBe('Unlocks at rating 1800');
    expect(unlockText(0)).toBe('Open to everyone');
  });
});

describe('firstUnlocked', () => {
  it('picks the first unlocked section in display order', () => {
    expect(
      firstUnlocked([
        { key: 'basic', unlocked: false },
        { key: 'intermediate', unlocked: true },
        { key: 'advanced', unlocked: true },
      ]),
    ).toBe('intermediate');
    expect(firstUnlocked([{ key: 'basic', unlocked: false }])).toBeNull();
  });
});
