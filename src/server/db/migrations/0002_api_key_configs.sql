CREATE TABLE "api_key_configs" (
	"api_key_id" text PRIMARY KEY NOT NULL,
	"enable_private_comments" boolean DEFAULT false NOT NULL,
	"require_jwt_token" boolean DEFAULT false NOT NULL,
	"require_auto_org_user" boolean DEFAULT false NOT NULL,
	"default_document_access_type" text DEFAULT 'public' NOT NULL,
	"ai_keys" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"use_permission_provider" boolean DEFAULT false NOT NULL,
	"permission_provider_url" text DEFAULT '' NOT NULL,
	"permission_provider_token_enc" text,
	"permission_provider_token_mask" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_key_configs" ADD CONSTRAINT "api_key_configs_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;