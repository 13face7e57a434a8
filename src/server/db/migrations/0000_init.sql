CREATE TABLE "api_keys" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"token_name" text DEFAULT 'Default Auth Token' NOT NULL,
	"auth_token_enc" text NOT NULL,
	"auth_token_hash" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "owners" (
	"email" text PRIMARY KEY NOT NULL,
	"id" text NOT NULL,
	"verified_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "owners_id_unique" UNIQUE("id")
);
--> statement-breakpoint
CREATE TABLE "workspaces" (
	"id" text PRIMARY KEY NOT NULL,
	"owner_email" text NOT NULL,
	"name" text NOT NULL,
	"owner_name" text NOT NULL,
	"owner_avatar" text DEFAULT '' NOT NULL,
	"auth_token_enc" text NOT NULL,
	"auth_token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "api_keys" ADD CONSTRAINT "api_keys_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "workspaces" ADD CONSTRAINT "workspaces_owner_email_owners_email_fk" FOREIGN KEY ("owner_email") REFERENCES "public"."owners"("email") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "api_keys_workspace_created_idx" ON "api_keys" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "workspaces_owner_name_uq" ON "workspaces" USING btree ("owner_email",lower("name"));--> statement-breakpoint
CREATE INDEX "workspaces_owner_created_idx" ON "workspaces" USING btree ("owner_email","created_at");