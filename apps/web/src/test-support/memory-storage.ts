/**
 * A Web Storage stand-in for unit tests of code that takes its storage as a parameter
 * (features/accounts/lib/return-to.ts, features/daily/lib/answer-draft.ts): the three calls they
 * use, over a Map the test can read.
 */
export function memoryStorage(): Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    getItem: (key) => data.get(key) ?? null,
    setItem: (key, value) => void data.set(key, value),
    removeItem: (key) => void data.delete(key),
  };
}
