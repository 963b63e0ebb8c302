import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; the server applies them at start (server/db/client.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './server/db/schema.ts',
  out: './server/db/migrations',
});
