CREATE TABLE "notification_users" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"notification_id" text NOT NULL,
	"user_id" text NOT NULL,
	"role" text NOT NULL,
	"timestamp_ms" bigint NOT NULL,
	CONSTRAINT "notification_users_pk" PRIMARY KEY("api_key_id","organization_id","notification_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "notifications" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"notification_id" text NOT NULL,
	"document_id" text NOT NULL,
	"location_id" text,
	"action_user_id" text NOT NULL,
	"action_user" jsonb NOT NULL,
	"headline_template" text NOT NULL,
	"headline_template_data" json,
	"body_message" text NOT NULL,
	"notify_users" jsonb NOT NULL,
	"notify_all" boolean NOT NULL,
	"source" text NOT NULL,
	"source_data" json,
	"timestamp_ms" bigint NOT NULL,
	CONSTRAINT "notifications_pk" PRIMARY KEY("api_key_id","organization_id","notification_id")
);
--> statement-breakpoint
ALTER TABLE "notification_users" ADD CONSTRAINT "notification_users_notification_id_fk" FOREIGN KEY ("api_key_id","organization_id","notification_id") REFERENCES "public"."notifications"("api_key_id","organization_id","notification_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notifications" ADD CONSTRAINT "notifications_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "notification_users_user_idx" ON "notification_users" USING btree ("api_key_id","organization_id","user_id","timestamp_ms","notification_id");--> statement-breakpoint
CREATE INDEX "notifications_time_idx" ON "notifications" USING btree ("api_key_id","organization_id","timestamp_ms","notification_id");--> statement-breakpoint
CREATE INDEX "notifications_document_idx" ON "notifications" USING btree ("api_key_id","organization_id","document_id","timestamp_ms","notification_id");--> statement-breakpoint
CREATE INDEX "notifications_location_idx" ON "notifications" USING btree ("api_key_id","organization_id","location_id","timestamp_ms","notification_id");--> statement-breakpoint
CREATE INDEX "notifications_action_user_idx" ON "notifications" USING btree ("api_key_id","organization_id","action_user_id");