import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  // The shared tables, and each module's own tables beside its repository (`<module>.schema.ts`).
  schema: ['./apps/server/src/db/schema.ts', './apps/server/src/modules/*/*.schema.ts'],
  out: './apps/server/drizzle',
});
