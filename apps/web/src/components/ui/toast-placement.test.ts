import { describe, expect, it } from 'vitest';
import { NARROW_TOAST_QUERY, toastPosition } from './toast-placement';

describe('toastPosition', () => {
  it("keeps the spec's top-right on wide screens and moves toasts off the header on phones", () => {
    expect(toastPosition(false)).toBe('top-right');
    expect(toastPosition(true)).toBe('bottom-center');
  });

  it('is narrow up to 640 px, which covers 390 px phones', () => {
    expect(NARROW_TOAST_QUERY).toBe('(max-width: 640px)');
  });
});
