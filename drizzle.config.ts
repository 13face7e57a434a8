import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/webhooks-schema.ts',
    './src/server/db/activities-schema.ts',
    './src/server/db/events-schema.ts',
    './src/server/db/jobs-schema.ts',
    './src/server/db/organizations-schema.ts',
    './src/server/db/folders-schema.ts',
    './src/server/db/documents-schema.ts',
    './src/server/db/users-schema.ts',
    './src/server/db/notifications-schema.ts',
    './src/server/db/agents-schema.ts',
    './src/server/db/memory-schema.ts',
    './src/server/db/audit-schema.ts',
  ],
  out: './src/server/db/migrations',
});
