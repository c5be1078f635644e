/**
 * Timing of socket acknowledgement handlers for the metrics (ops/metrics.ts observes what this
 * measures); here in platform/ so that the domains' socket handlers can use it.
 */

/**
 * Wraps an acknowledgement handler so that each call's duration goes to `observe` (in ms), also
 * when the handler returns a promise (a store that answers asynchronously) or throws.
 */
export function timedHandler<A extends unknown[], R>(
  observe: ((ms: number) => void) | undefined,
  handler: (...args: A) => R,
): (...args: A) => R {
  if (!observe) return handler;
  return (...args) => {
    const started = performance.now();
    let result: R;
    try {
      result = handler(...args);
    } catch (error) {
      observe(performance.now() - started);
      throw error;
    }
    if (result instanceof Promise) {
      void result.finally(() => observe(performance.now() - started)).catch(() => {});
    } else {
      observe(performance.now() - started);
    }
    return result;
  };
}
