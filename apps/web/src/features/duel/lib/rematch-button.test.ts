import { describe, expect, it } from 'vitest';
import { rematchButtonState } from './rematch-button';

const ready = { enoughPlayers: true, finished: true, starting: false, requested: false, connectionLost: false };

describe('rematchButtonState', () => {
  it('is an enabled Rematch when both players are there and the game is over', () => {
    expect(rematchButtonState(ready)).toEqual({ label: 'Rematch', disabled: false, waiting: false });
  });

  it('keeps focus (aria-disabled only) while this player waits for the opponent', () => {
    expect(rematchButtonState({ ...ready, requested: true })).toEqual({ label: 'Waiting...', disabled: false, waiting: true });
    expect(rematchButtonState({ ...ready, starting: true })).toEqual({ label: 'Starting...', disabled: false, waiting: true });
  });

  it('is truly disabled when the opponent is gone, the game goes on or the connection is lost', () => {
    expect(rematchButtonState({ ...ready, enoughPlayers: false })).toMatchObject({ disabled: true, waiting: false });
    expect(rematchButtonState({ ...ready, finished: false })).toMatchObject({ disabled: true, waiting: false });
    expect(rematchButtonState({ ...ready, connectionLost: true, requested: true })).toEqual({
      label: 'Waiting...',
      disabled: true,
      waiting: false,
    });
  });
});
