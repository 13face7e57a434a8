ALTER TABLE "webhook_endpoints" ADD COLUMN "failure_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "failing_since" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "last_failure" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "last_failure_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "recent_failures" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "circuit_opened_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "probe_message_id" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "next_probe_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_reason" text;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "health_check_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "webhook_endpoints_health_idx" ON "webhook_endpoints" USING btree ("health_check_at") WHERE "webhook_endpoints"."health_check_at" is not null;--> statement-breakpoint
CREATE INDEX "webhook_messages_parked_idx" ON "webhook_messages" USING btree ("endpoint_id","created_at","id") WHERE "webhook_messages"."status" = 'pending' and "webhook_messages"."next_attempt_at" = 'infinity';