CREATE TABLE "members" (
	"workspace_id" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by" text,
	"invited_at" timestamp with time zone,
	"invitation_expires_at" timestamp with time zone,
	"joined_at" timestamp with time zone,
	"last_sign_in_at" timestamp with time zone,
	CONSTRAINT "members_workspace_id_email_pk" PRIMARY KEY("workspace_id","email")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_seen_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"user_agent" text NOT NULL,
	"address" text NOT NULL,
	CONSTRAINT "sessions_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD COLUMN "actor_email" text;--> statement-breakpoint
ALTER TABLE "members" ADD CONSTRAINT "members_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "members_email_idx" ON "members" USING btree ("email","workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "members_one_owner_uq" ON "members" USING btree ("workspace_id") WHERE "members"."role" = 'owner';--> statement-breakpoint
CREATE INDEX "sessions_email_seen_idx" ON "sessions" USING btree ("email","last_seen_at");--> statement-breakpoint
CREATE INDEX "sessions_expires_idx" ON "sessions" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "audit_entries_person_idx" ON "audit_entries" USING btree ("workspace_id","actor_email","at","id") WHERE "audit_entries"."actor_email" is not null;--> statement-breakpoint
-- Every workspace made before team access has its owner as its one member, active since then.
INSERT INTO "members" ("workspace_id", "email", "role", "joined_at")
  SELECT "id", "owner_email", 'owner', "created_at" FROM "workspaces";
