CREATE TABLE "webhook_attempts" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "webhook_attempts_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"message_id" text NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"response_status" integer,
	"duration_ms" integer NOT NULL,
	"response_body" text DEFAULT '' NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "webhook_configs" (
	"api_key_id" text PRIMARY KEY NOT NULL,
	"is_enabled" boolean DEFAULT false NOT NULL,
	"encrypt_data" boolean DEFAULT false NOT NULL,
	"encode_data" boolean DEFAULT false NOT NULL,
	"public_key" text DEFAULT '' NOT NULL,
	"enable_data_protection" boolean DEFAULT false NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_endpoints" (
	"id" text PRIMARY KEY NOT NULL,
	"api_key_id" text NOT NULL,
	"url" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"filter_types" text[],
	"channels" text[],
	"disabled" boolean DEFAULT false NOT NULL,
	"rate_limit" integer,
	"uid" text,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"secret_enc" text NOT NULL,
	"previous_secret_enc" text,
	"previous_secret_expires_at" timestamp with time zone,
	"next_slot_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_messages" (
	"id" text PRIMARY KEY NOT NULL,
	"endpoint_id" text NOT NULL,
	"event_type" text NOT NULL,
	"channel" text,
	"payload" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"claim_id" text,
	"slotted" boolean DEFAULT false NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "comment_annotations" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"annotation_id" text NOT NULL,
	"document_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comment_annotations_api_key_id_organization_id_annotation_id_pk" PRIMARY KEY("api_key_id","organization_id","annotation_id")
);
--> statement-breakpoint
CREATE TABLE "comments" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"annotation_id" text NOT NULL,
	"comment_id" text NOT NULL,
	"comment_text" text NOT NULL,
	"from" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "comments_api_key_id_organization_id_annotation_id_comment_id_pk" PRIMARY KEY("api_key_id","organization_id","annotation_id","comment_id")
);
--> statement-breakpoint
ALTER TABLE "webhook_attempts" ADD CONSTRAINT "webhook_attempts_message_id_webhook_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."webhook_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_configs" ADD CONSTRAINT "webhook_configs_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD CONSTRAINT "webhook_endpoints_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_messages" ADD CONSTRAINT "webhook_messages_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comment_annotations" ADD CONSTRAINT "comment_annotations_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "comments" ADD CONSTRAINT "comments_api_key_id_organization_id_annotation_id_comment_annotations_api_key_id_organization_id_annotation_id_fk" FOREIGN KEY ("api_key_id","organization_id","annotation_id") REFERENCES "public"."comment_annotations"("api_key_id","organization_id","annotation_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_attempts_message_idx" ON "webhook_attempts" USING btree ("message_id","attempted_at");--> statement-breakpoint
CREATE INDEX "webhook_endpoints_key_created_idx" ON "webhook_endpoints" USING btree ("api_key_id","created_at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_key_uid_uq" ON "webhook_endpoints" USING btree ("api_key_id","uid");--> statement-breakpoint
CREATE INDEX "webhook_messages_due_idx" ON "webhook_messages" USING btree ("next_attempt_at") WHERE "webhook_messages"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "webhook_messages_slot_due_idx" ON "webhook_messages" USING btree ("next_attempt_at") WHERE "webhook_messages"."status" = 'pending' and "webhook_messages"."slotted";--> statement-breakpoint
CREATE INDEX "webhook_messages_endpoint_created_idx" ON "webhook_messages" USING btree ("endpoint_id","created_at","id");--> statement-breakpoint
CREATE INDEX "webhook_messages_claimed_idx" ON "webhook_messages" USING btree ("claim_id") WHERE "webhook_messages"."claim_id" is not null;