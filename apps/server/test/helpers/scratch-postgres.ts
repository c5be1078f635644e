/** A throw-away PostgreSQL database for tests that start server processes of their own. */
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';

/** Creates an empty PostgreSQL database next to TEST_DATABASE_URL's; returns its URL and a dropper. */
export async function createScratchPostgres(baseUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `ms_test_${randomBytes(6).toString('hex')}`;
  const admin = postgres(baseUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  await admin.end();
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = postgres(baseUrl, { max: 1, onnotice: () => {} });
      await a.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await a.end();
    },
  };
}
