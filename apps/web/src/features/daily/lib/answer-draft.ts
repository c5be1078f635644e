/**
 * Typed answers of an open daily set, kept as a draft in sessionStorage while the set is unsubmitted.
 * The set's clock is the server's and runs from the first opening (docs/rules.md, daily practice),
 * so a player who leaves the set and comes back must find their answers where they left them, not
 * empty inputs. The draft is per tab (sessionStorage), keyed by player, day and set, and is dropped
 * once the set is submitted.
 */
import type { DailySectionKey } from '@mathsprint/shared/protocol';

/** The part of Storage used here (sessionStorage in the browser; a fake in tests). */
export type DraftStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/** The key of one player's draft of one set on one day: `dailyDraft:{userId}:{date}:{sectionKey}`. */
export function answerDraftKey(userId: string, date: string, sectionKey: DailySectionKey): string {
  return `dailyDraft:${userId}:${date}:${sectionKey}`;
}

function sessionStore(): DraftStorage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The saved answers for a set of `count` questions, or null when there is none or it does not
 * fit (not a list of strings of that length: another set or a corrupted value).
 */
export function loadAnswerDraft(key: string | null, count: number, storage: DraftStorage | null = sessionStore()): string[] | null {
  if (!key || !storage || count <= 0) return null;
  try {
    const raw = storage.getItem(key);
    if (!raw) return null;
    const value: unknown = JSON.parse(raw);
    if (!Array.isArray(value) || value.length !== count || !value.every((v) => typeof v === 'string')) return null;
    return value;
  } catch {
    return null;
  }
}

/** Saves the answers; all blank removes the draft instead. A refused write only loses the draft. */
export function saveAnswerDraft(key: string | null, inputs: readonly string[], storage: DraftStorage | null = sessionStore()): void {
  if (!key || !storage) return;
  try {
    if (inputs.every((v) => v.trim() === '')) storage.removeItem(key);
    else storage.setItem(key, JSON.stringify(inputs));
  } catch (error) {
    console.error('Failed to keep the daily answers draft', error);
  }
}

/** Forgets the draft (after a successful submission, or when the set turns out to be submitted). */
export function clearAnswerDraft(key: string | null, storage: DraftStorage | null = sessionStore()): void {
  if (!key || !storage) return;
  try {
    storage.removeItem(key);
  } catch {
    // Nothing to do: a draft that cannot be removed is never offered for a submitted set anyway.
  }
}
