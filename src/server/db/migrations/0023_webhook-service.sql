CREATE TABLE "webhook_service_configs" (
	"api_key_id" text PRIMARY KEY NOT NULL,
	"use_webhook_service" boolean DEFAULT false NOT NULL,
	"auth_token_enc" text DEFAULT '' NOT NULL,
	"encode_data" boolean DEFAULT false NOT NULL,
	"encrypt_data" boolean DEFAULT false NOT NULL,
	"public_key" text DEFAULT '' NOT NULL,
	"triggers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "kind" text DEFAULT 'advanced' NOT NULL;--> statement-breakpoint
ALTER TABLE "webhook_service_configs" ADD CONSTRAINT "webhook_service_configs_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_endpoints_key_basic_uq" ON "webhook_endpoints" USING btree ("api_key_id","kind") WHERE "webhook_endpoints"."kind" <> 'advanced';