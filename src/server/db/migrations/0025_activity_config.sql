CREATE TABLE "activity_configs" (
	"api_key_id" text PRIMARY KEY NOT NULL,
	"is_enabled" boolean NOT NULL,
	"immutable" boolean NOT NULL,
	"enabled_time" timestamp with time zone,
	"triggers" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_configs" ADD CONSTRAINT "activity_configs_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;