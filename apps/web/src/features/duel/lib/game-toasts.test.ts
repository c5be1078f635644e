import { toast, type Id } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { GAME_FEEDBACK_CONTAINER, gameToasts } from './game-toasts';

// The toast functions are spied on, not the module mocked: the unit files share one module graph.
let next = 0;
const shown = (): Id => ++next;

beforeEach(() => {
  for (const kind of ['success', 'error', 'warning'] as const) vi.spyOn(toast, kind).mockImplementation(shown);
  vi.spyOn(toast, 'dismiss').mockImplementation(() => undefined);
});

afterEach(() => {
  gameToasts.clear();
  vi.restoreAllMocks();
});

describe('gameToasts', () => {
  it("puts the game screen's feedback in its own container, not over 'Players Progress'", () => {
    gameToasts.wrong();
    gameToasts.correct();
    gameToasts.invalid('Enter an answer before submitting.');
    gameToasts.problem('No reply from the server.');
    const calls = [...vi.mocked(toast.error).mock.calls, ...vi.mocked(toast.success).mock.calls, ...vi.mocked(toast.warning).mock.calls];
    expect(calls).toHaveLength(4);
    for (const [, options] of calls) expect(options).toMatchObject({ containerId: GAME_FEEDBACK_CONTAINER });
  });

  it("leaves a room action's toast to the app's container (the waiting room and results have no other)", () => {
    gameToasts.reconnecting();
    expect(vi.mocked(toast.warning).mock.calls[0]?.[1]).toBeUndefined();
  });

  it('keeps one feedback toast at a time', () => {
    gameToasts.wrong();
    const first = vi.mocked(toast.error).mock.results[0]?.value;
    gameToasts.correct();
    expect(toast.dismiss).toHaveBeenCalledWith(first);
  });
});
