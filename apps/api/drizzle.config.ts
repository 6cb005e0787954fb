import { defineConfig } from 'drizzle-kit';

// Generates SQL migrations from the schema; they are applied by our own migrator at start.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/*.ts',
  out: './src/db/migrations',
});
