import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // Each module's own tables, beside its repository (`<module>.schema.ts`); src/db/schema.ts
  // gathers the same files for the database client.
  schema: './apps/server/src/modules/*/*.schema.ts',
  out: './apps/server/drizzle',
});
