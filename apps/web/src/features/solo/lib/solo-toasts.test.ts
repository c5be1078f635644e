import { toast, type Id } from 'react-toastify';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SOLO_FEEDBACK_CONTAINER, soloToasts } from './solo-toasts';

// The toast functions are spied on, not the module mocked: the unit files share one module graph.
let next = 100;
const shown = (): Id => ++next;

beforeEach(() => {
  for (const kind of ['error', 'warning'] as const) vi.spyOn(toast, kind).mockImplementation(shown);
  vi.spyOn(toast, 'dismiss').mockImplementation(() => undefined);
});

afterEach(() => vi.restoreAllMocks());

describe('soloToasts', () => {
  it("puts Solo Sprint's toasts in the play card's container, not over the time and points", () => {
    soloToasts.invalid('Enter an answer before submitting.');
    soloToasts.problem('Time is up');
    const calls = [...vi.mocked(toast.warning).mock.calls, ...vi.mocked(toast.error).mock.calls];
    expect(calls.map(([message]) => message)).toEqual(['Enter an answer before submitting.', 'Time is up']);
    for (const [, options] of calls) expect(options).toMatchObject({ containerId: SOLO_FEEDBACK_CONTAINER });
  });

  it("replaces a blank answer's message with the wrong-answer message (issue #47)", () => {
    soloToasts.invalid('Enter an answer before submitting.');
    const blank = vi.mocked(toast.warning).mock.results[0]?.value;
    soloToasts.wrong();
    expect(toast.dismiss).toHaveBeenCalledWith(blank);
    expect(vi.mocked(toast.error).mock.calls.at(-1)).toEqual(['Wrong answer — try again.', { containerId: SOLO_FEEDBACK_CONTAINER }]);
    const wrong = vi.mocked(toast.error).mock.results.at(-1)?.value;
    soloToasts.clear();
    expect(toast.dismiss).toHaveBeenCalledWith(wrong);
  });

  it('keeps one toast at a time', () => {
    soloToasts.invalid('Enter an answer before submitting.');
    const first = vi.mocked(toast.warning).mock.results[0]?.value;
    soloToasts.problem('Submit failed');
    expect(toast.dismiss).toHaveBeenCalledWith(first);
  });
});
