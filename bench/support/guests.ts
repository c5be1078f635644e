/** Guest accounts for the socket benchmarks: POST /auth/guest, each "from" its own address. */

/** Concurrent guest sign-ups while preparing players. */
const SIGNUP_CONCURRENCY = 32;

/**
 * `count` guest tokens from POST /auth/guest at `url`. Guest creation is limited per client IP, so
 * each is sent with an X-Forwarded-For address of its own (10.x.y.z from `first`), standing for as
 * many machines; the server must trust one proxy hop or have SIGNUP_RATE_LIMIT raised.
 */
export async function createGuests(url: string, count: number, first = 0): Promise<string[]> {
  const tokens = new Array<string>(count);
  let nextIndex = 0;
  const worker = async () => {
    while (nextIndex < count) {
      const i = nextIndex++;
      const n = first + i;
      const address = `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
      const res = await fetch(`${url}/auth/guest`, { method: 'POST', headers: { 'x-forwarded-for': address } });
      if (res.status !== 201) throw new Error(`POST /auth/guest answered ${res.status}: ${await res.text()}`);
      tokens[i] = ((await res.json()) as { token: string }).token;
    }
  };
  await Promise.all(Array.from({ length: SIGNUP_CONCURRENCY }, worker));
  return tokens;
}
