/** Searching a JSON value for fields by name: the tests that check no response or payload carries an answer. */

/**
 * Walks a JSON value (objects and arrays, any depth) and returns every (key, value) pair whose key
 * is in `keys`, in document order.
 */
export function fieldsNamed(value: unknown, keys: ReadonlySet<string>, out: Array<[string, unknown]> = []): Array<[string, unknown]> {
  if (Array.isArray(value)) for (const v of value) fieldsNamed(v, keys, out);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (keys.has(k)) out.push([k, v]);
      fieldsNamed(v, keys, out);
    }
  }
  return out;
}
