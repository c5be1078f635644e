import type { DailyComment } from '@mathsprint/shared/protocol';
import { describe, expect, it } from 'vitest';
import { belongsTo, upsertComment } from './comments';

const comment = (id: string, createdAt: string, votes: DailyComment['votes'] = {}): DailyComment => ({
  _id: id,
  text: `comment ${id}`,
  user: { _id: 'u1', name: 'Ada' },
  createdAt,
  votes,
  date: '2025-03-12',
  sectionKey: 'basic',
});

describe('upsertComment', () => {
  const list = [comment('b', '2025-03-12T10:00:00.000Z'), comment('a', '2025-03-12T09:00:00.000Z')];

  it('puts a new comment first when it is the newest', () => {
    expect(upsertComment(list, comment('c', '2025-03-12T11:00:00.000Z')).map((c) => c._id)).toEqual(['c', 'b', 'a']);
  });

  it('keeps newest-first order for a late arrival', () => {
    expect(upsertComment(list, comment('m', '2025-03-12T09:30:00.000Z')).map((c) => c._id)).toEqual(['b', 'm', 'a']);
    expect(upsertComment(list, comment('z', '2025-03-12T08:00:00.000Z')).map((c) => c._id)).toEqual(['b', 'a', 'z']);
  });

  it('replaces a known comment instead of duplicating it (the POST answer and the room event)', () => {
    const voted = comment('a', '2025-03-12T09:00:00.000Z', { u2: 'up' });
    const next = upsertComment(list, voted);
    expect(next).toHaveLength(2);
    expect(next[1]!.votes).toEqual({ u2: 'up' });
    expect(list[1]!.votes).toEqual({});
  });
});

describe('belongsTo', () => {
  it('matches date and section', () => {
    const c = comment('a', '2025-03-12T09:00:00.000Z');
    expect(belongsTo(c, '2025-03-12', 'basic')).toBe(true);
    expect(belongsTo(c, '2025-03-12', 'advanced')).toBe(false);
    expect(belongsTo(c, '2025-03-11', 'basic')).toBe(false);
  });
});
