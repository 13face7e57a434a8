CREATE TABLE "rate_limit_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "jobs" ALTER COLUMN "api_key_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_windows_reset_idx" ON "rate_limit_windows" USING btree ("reset_at");--> statement-breakpoint
CREATE INDEX "webhook_messages_finished_idx" ON "webhook_messages" USING btree ("created_at") WHERE "webhook_messages"."status" <> 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_recurring_live_uq" ON "jobs" USING btree ("kind") WHERE "jobs"."api_key_id" is null and "jobs"."status" in ('pending', 'in_progress');--> statement-breakpoint
CREATE INDEX "jobs_finished_idx" ON "jobs" USING btree ("finished_at") WHERE "jobs"."status" in ('completed', 'failed');