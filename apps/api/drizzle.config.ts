import { defineConfig } from 'drizzle-kit';

// Paths are relative to the repo root, where `npm run db:generate` runs.
export default defineConfig({
  dialect: 'postgresql',
  schema: './apps/api/src/db/schema/index.ts',
  out: './apps/api/src/db/migrations',
  casing: 'snake_case',
});
