import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema/schema.ts',
    './src/server/db/schema/webhooks-schema.ts',
    './src/server/db/schema/activities-schema.ts',
    './src/server/db/schema/events-schema.ts',
    './src/server/db/schema/jobs-schema.ts',
    './src/server/db/schema/organizations-schema.ts',
    './src/server/db/schema/folders-schema.ts',
    './src/server/db/schema/documents-schema.ts',
    './src/server/db/schema/users-schema.ts',
    './src/server/db/schema/notifications-schema.ts',
    './src/server/db/schema/agents-schema.ts',
    './src/server/db/schema/memory-schema.ts',
    './src/server/db/schema/rate-limits-schema.ts',
    './src/server/db/schema/audit-schema.ts',
    './src/server/db/schema/team-schema.ts',
    './src/server/db/schema/allowed-domains-schema.ts',
    './src/server/db/schema/webhook-service-schema.ts',
    './src/server/db/schema/email-service-schema.ts',
    './src/server/db/schema/activity-config-schema.ts',
    './src/server/db/schema/webhook-stats-schema.ts',
    './src/server/db/schema/keys-schema.ts',
  ],
  out: './src/server/db/migrations',
});
