import { defineConfig } from 'drizzle-kit';

// Migrations are plain PostgreSQL SQL, applied unchanged to PGlite and to Postgres.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/server/db/schema.ts',
  out: './drizzle',
});
