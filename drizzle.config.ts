import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/server/db/schema.ts',
    './src/server/db/webhooks-schema.ts',
    './src/server/db/activities-schema.ts',
    './src/server/db/events-schema.ts',
    './src/server/db/jobs-schema.ts',
  ],
  out: './src/server/db/migrations',
});
