import { describe, expect, it } from 'vitest';
import { gameOutcome, rankPlayers } from './ranking';
import { SHARE_CLOSING_LINE, whatsappShareText, whatsappShareUrl } from './share';

const players = [
  { name: 'Bob', score: 90, current: 6 },
  { name: 'Ada', score: 120, current: 8 },
];

describe('whatsappShareText', () => {
  it('names the winner, numbers the players with points and solved counts, and ends with the invitation', () => {
    const ranked = rankPlayers(players);
    const text = whatsappShareText(ranked, gameOutcome(ranked, { name: 'Bob' }));
    const lines = text.split('\n');
    expect(lines).toContain('Winner: Ada');
    expect(lines).toContain('1. Ada: 120 points, 8 questions solved');
    expect(lines).toContain('2. Bob: 90 points, 6 questions solved');
    expect(lines.at(-1)).toBe(SHARE_CLOSING_LINE);
    expect(SHARE_CLOSING_LINE).toBe('Play now and challenge your friends!');
  });

  it('says it was a tie instead of naming a winner', () => {
    const ranked = rankPlayers([
      { name: 'Ada', score: 50, current: 1 },
      { name: 'Bob', score: 50, current: 5 },
    ]);
    const text = whatsappShareText(ranked, gameOutcome(ranked, null));
    expect(text).toContain("It's a tie!");
    expect(text).not.toContain('Winner:');
    expect(text).toContain('1. Ada: 50 points, 1 question solved');
  });

  it('speaks for the sender of a single-player run, with no winner', () => {
    const ranked = rankPlayers([{ name: 'You', score: 70, current: 3 }]);
    const text = whatsappShareText(ranked, gameOutcome(ranked, { name: 'You' }));
    expect(text.split('\n')).toEqual(['MathSprint Solo Sprint results', 'I scored 70 points, 3 questions solved', '', SHARE_CLOSING_LINE]);
  });
});

describe('whatsappShareUrl', () => {
  it('is a wa.me link whose text parameter decodes to the text', () => {
    const text = "It's a tie!\n1. A & B: 5 points";
    const url = new URL(whatsappShareUrl(text));
    expect(url.origin).toBe('https://wa.me');
    expect(url.searchParams.get('text')).toBe(text);
  });
});
