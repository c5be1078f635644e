import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../test-support/memory-storage';
import { answerDraftKey, clearAnswerDraft, loadAnswerDraft, saveAnswerDraft, type DraftStorage } from './answer-draft';

const key = answerDraftKey('u1', '2025-03-12', 'basic');

describe('answerDraftKey', () => {
  it('is per player, day and set', () => {
    expect(key).toBe('dailyDraft:u1:2025-03-12:basic');
    expect(answerDraftKey('u2', '2025-03-12', 'basic')).not.toBe(key);
    expect(answerDraftKey('u1', '2025-03-13', 'basic')).not.toBe(key);
    expect(answerDraftKey('u1', '2025-03-12', 'expert')).not.toBe(key);
  });
});

describe('saveAnswerDraft / loadAnswerDraft', () => {
  it('restores the typed answers, blanks included', () => {
    const storage = memoryStorage();
    saveAnswerDraft(key, ['12', '', '-3.5'], storage);
    expect(loadAnswerDraft(key, 3, storage)).toEqual(['12', '', '-3.5']);
  });

  it('removes the draft when every answer is blank', () => {
    const storage = memoryStorage();
    saveAnswerDraft(key, ['12', ''], storage);
    saveAnswerDraft(key, [' ', ''], storage);
    expect(storage.data.has(key)).toBe(false);
  });

  it('offers nothing that does not fit the set', () => {
    const storage = memoryStorage();
    saveAnswerDraft(key, ['1', '2'], storage);
    expect(loadAnswerDraft(key, 10, storage)).toBeNull();
    storage.setItem(key, '{"not":"a list"}');
    expect(loadAnswerDraft(key, 1, storage)).toBeNull();
    storage.setItem(key, '[1, 2]');
    expect(loadAnswerDraft(key, 2, storage)).toBeNull();
    storage.setItem(key, 'not json');
    expect(loadAnswerDraft(key, 2, storage)).toBeNull();
    expect(loadAnswerDraft(key, 0, storage)).toBeNull();
  });

  it('does nothing without a key (no signed-in player) or without storage', () => {
    const storage = memoryStorage();
    saveAnswerDraft(null, ['1'], storage);
    expect(storage.data.size).toBe(0);
    expect(loadAnswerDraft(null, 1, storage)).toBeNull();
    expect(loadAnswerDraft(key, 1, null)).toBeNull();
    expect(() => saveAnswerDraft(key, ['1'], null)).not.toThrow();
  });

  it('survives a storage that refuses writes', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const full: DraftStorage = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {},
    };
    expect(() => saveAnswerDraft(key, ['1'], full)).not.toThrow();
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});

describe('clearAnswerDraft', () => {
  it('forgets the draft of that set only', () => {
    const storage = memoryStorage();
    const other = answerDraftKey('u1', '2025-03-12', 'intermediate');
    saveAnswerDraft(key, ['1'], storage);
    saveAnswerDraft(other, ['2'], storage);
    clearAnswerDraft(key, storage);
    expect(loadAnswerDraft(key, 1, storage)).toBeNull();
    expect(loadAnswerDraft(other, 1, storage)).toEqual(['2']);
  });
});
