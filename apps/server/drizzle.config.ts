import { defineConfig } from 'drizzle-kit';

/** `npm run db:generate` writes SQL migrations to ./drizzle; they are committed and applied at start-up. */
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './drizzle',
});
