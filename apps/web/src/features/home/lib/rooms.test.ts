import { describe, expect, it } from 'vitest';
import { normalizeRoomCode, ROOM_CODE_REQUIRED } from './rooms';

describe('normalizeRoomCode', () => {
  it('removes spaces and upper-cases', () => {
    expect(normalizeRoomCode(' k7m 2qx ')).toBe('K7M2QX');
  });

  it('leaves an empty string for blank input (which the card refuses with the spec alert)', () => {
    expect(normalizeRoomCode('   ')).toBe('');
    expect(ROOM_CODE_REQUIRED).toBe('Room code required: room ≠ ∅');
  });
});
