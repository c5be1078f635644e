import { describe, expect, it } from 'vitest';
import { applyVote, tallyVotes } from './votes';

describe('tallyVotes', () => {
  it('counts ups and downs and finds the viewer’s vote', () => {
    const votes = { a: 'up', b: 'up', c: 'down' } as const;
    expect(tallyVotes(votes, 'c')).toEqual({ up: 2, down: 1, score: 1, mine: 'down' });
    expect(tallyVotes(votes, 'z').mine).toBeNull();
    expect(tallyVotes(undefined, null)).toEqual({ up: 0, down: 0, score: 0, mine: null });
  });
});

describe('applyVote', () => {
  it('adds, removes on the same direction and switches on the other (spec §5, issue #4)', () => {
    const up = applyVote({}, 'me', 'up');
    expect(up).toEqual({ me: 'up' });
    expect(applyVote(up, 'me', 'up')).toEqual({});
    expect(applyVote(up, 'me', 'down')).toEqual({ me: 'down' });
    expect(applyVote({ other: 'down' }, 'me', 'up')).toEqual({ other: 'down', me: 'up' });
  });

  it('does not mutate its input', () => {
    const before = { me: 'up' } as const;
    applyVote(before, 'me', 'down');
    expect(before).toEqual({ me: 'up' });
  });
});
