import { describe, expect, it, vi } from 'vitest';
import { memoryStorage } from '../../../test-support/memory-storage';
import {
  rememberReturnPath,
  RETURN_PATH_KEY,
  returnPathFromState,
  returnState,
  safeReturnPath,
  takeReturnPath,
  type ReturnPathStorage,
} from './return-to';

describe('safeReturnPath', () => {
  it('keeps a same-origin path with its query', () => {
    expect(safeReturnPath('/daily')).toBe('/daily');
    expect(safeReturnPath('/contest/abc123/results')).toBe('/contest/abc123/results');
    expect(safeReturnPath('/daily?date=2025-03-12&x=%2F')).toBe('/daily?date=2025-03-12&x=%2F');
    expect(safeReturnPath('/')).toBe('/');
  });

  it('refuses anything that could leave the site', () => {
    for (const value of [
      '//evil.example',
      '//evil.example/daily',
      '/\\evil.example',
      '\\\\evil.example',
      'https://evil.example/daily',
      'javascript:alert(1)',
      'daily',
      '/\t/evil.example',
      '/\n/evil.example',
      ' /daily',
      '',
    ]) {
      expect(safeReturnPath(value), value).toBeNull();
    }
  });

  it('refuses non-strings and the sign-in screens themselves', () => {
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath({ pathname: '/daily' })).toBeNull();
    expect(safeReturnPath('/login')).toBeNull();
    expect(safeReturnPath('/signup?x=1')).toBeNull();
    expect(safeReturnPath('/auth/success?token=t')).toBeNull();
  });

  it('normalises dot segments without leaving the origin', () => {
    expect(safeReturnPath('/daily/../contest/1')).toBe('/contest/1');
    expect(safeReturnPath('/../../daily')).toBe('/daily');
  });
});

describe('returnPathFromState', () => {
  it("reads SessionGuard's state.from, else /", () => {
    expect(returnPathFromState({ from: '/daily?x=1' })).toBe('/daily?x=1');
    expect(returnPathFromState({ from: '//evil.example' })).toBe('/');
    expect(returnPathFromState(null)).toBe('/');
    expect(returnPathFromState('/daily')).toBe('/');
  });
});

describe('returnState', () => {
  it('carries a wanted path on, and nothing for the default', () => {
    expect(returnState('/daily')).toEqual({ from: '/daily' });
    expect(returnState('/')).toBeUndefined();
    expect(returnState('//evil.example')).toBeUndefined();
  });
});

describe('rememberReturnPath / takeReturnPath (the Google round trip)', () => {
  it('keeps the path once', () => {
    const storage = memoryStorage();
    rememberReturnPath('/contest/c1/results', storage);
    expect(storage.data.get(RETURN_PATH_KEY)).toBe('/contest/c1/results');
    expect(takeReturnPath(storage)).toBe('/contest/c1/results');
    expect(takeReturnPath(storage)).toBe('/');
  });

  it('clears an older path when signing in from a plain /login', () => {
    const storage = memoryStorage();
    rememberReturnPath('/daily', storage);
    rememberReturnPath('/', storage);
    expect(storage.data.has(RETURN_PATH_KEY)).toBe(false);
  });

  it('never returns a value planted in storage that is not a safe path', () => {
    const storage = memoryStorage();
    storage.setItem(RETURN_PATH_KEY, '//evil.example');
    expect(takeReturnPath(storage)).toBe('/');
  });

  it('falls back to / without storage or when storage throws', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(takeReturnPath(null)).toBe('/');
    const throwing: ReturnPathStorage = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
      removeItem: () => {
        throw new Error('denied');
      },
    };
    expect(takeReturnPath(throwing)).toBe('/');
    expect(() => rememberReturnPath('/daily', throwing)).not.toThrow();
    expect(error).toHaveBeenCalledOnce();
    error.mockRestore();
  });
});
