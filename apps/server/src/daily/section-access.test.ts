import { describe, expect, it } from 'vitest';
import { discussionLockedReason, sectionLockedReason } from './section-access.js';

describe('section access', () => {
  it('names the section, the rating it needs and the rounded rating held, or null when open', () => {
    expect(sectionLockedReason('basic', 0)).toBeNull();
    expect(sectionLockedReason('intermediate', 1600)).toBeNull();
    expect(sectionLockedReason('intermediate', 1599.4)).toBe('The Intermediate section unlocks at rating 1600 (yours is 1599)');
    expect(sectionLockedReason('advanced', 1523.2)).toBe('The Advanced section unlocks at rating 1800 (yours is 1523)');
    expect(sectionLockedReason('expert', 1899)).toBe('The Expert section unlocks at rating 1900 (yours is 1899)');
  });

  it('opens the discussion only to a player who submitted the set, even if the section has locked since', () => {
    expect(discussionLockedReason('intermediate', 1540, true)).toBeNull();
    expect(discussionLockedReason('intermediate', 1540, false)).toBe('The Intermediate section unlocks at rating 1600 (yours is 1540)');
    expect(discussionLockedReason('intermediate', 1650, false)).toBe('Submit this set to read and join its discussion');
    expect(discussionLockedReason('basic', 1500, true)).toBeNull();
  });
});
