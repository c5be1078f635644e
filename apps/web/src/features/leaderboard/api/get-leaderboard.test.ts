import { describe, expect, it } from 'vitest';
import { parseLeaderboardBody, parseLeaderboardEntries } from './get-leaderboard';

describe('parseLeaderboardBody (spec §7: parsed by hand, unparseable → empty list)', () => {
  it('reads top from a JSON body', () => {
    expect(parseLeaderboardBody('{"top":[{"_id":"a","name":"Ada","rating":1700.4,"rd":80}]}')).toEqual([
      { _id: 'a', name: 'Ada', rating: 1700.4, rd: 80 },
    ]);
  });

  it('gives an empty list for an unparseable or unexpected body', () => {
    expect(parseLeaderboardBody('<html>oops</html>')).toEqual([]);
    expect(parseLeaderboardBody('')).toEqual([]);
    expect(parseLeaderboardBody('null')).toEqual([]);
    expect(parseLeaderboardBody('{"top":"nope"}')).toEqual([]);
  });

  it('drops malformed entries and defaults a missing rd', () => {
    expect(
      parseLeaderboardEntries([{ _id: 'a', name: 'Ada', rating: 1600 }, { name: 'no id', rating: 1 }, 'x']),
    ).toEqual([{ _id: 'a', name: 'Ada', rating: 1600, rd: 350 }]);
  });
});
