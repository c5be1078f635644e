import { describe, expect, it } from 'vitest';
import { canResume, soloModeFrom, storedSoloSessionSchema } from './solo-session';

const modes = [1, 2, 3, 5] as const;

describe('soloModeFrom', () => {
  it('takes the mode from navigation state', () => {
    expect(soloModeFrom({ mode: 3 }, modes, 1)).toBe(3);
    expect(soloModeFrom({ mode: '5' }, modes, 1)).toBe(5);
  });

  it('defaults to 1 minute without state or with a mode that does not exist (spec §9)', () => {
    expect(soloModeFrom(null, modes, 1)).toBe(1);
    expect(soloModeFrom({}, modes, 1)).toBe(1);
    expect(soloModeFrom({ mode: 4 }, modes, 1)).toBe(1);
    expect(soloModeFrom({ mode: 'x' }, modes, 1)).toBe(1);
  });
});

describe('stored session', () => {
  it('needs a session id, questions and a duration', () => {
    expect(storedSoloSessionSchema.safeParse({ sessionId: 's', questions: ['1 + 1'], timerDuration: 60 }).success).toBe(true);
    expect(storedSoloSessionSchema.safeParse({ sessionId: '', questions: [], timerDuration: 60 }).success).toBe(false);
    expect(storedSoloSessionSchema.safeParse({ questions: [] }).success).toBe(false);
  });

  it('resumes only a session of the chosen length', () => {
    const base = { sessionId: 's', questions: [], timerDuration: 60 };
    expect(canResume({ ...base, mode: 1 }, 1)).toBe(true);
    expect(canResume({ ...base, mode: 1 }, 3)).toBe(false);
    expect(canResume(base, 3)).toBe(true);
  });
});
