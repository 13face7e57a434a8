CREATE TABLE "audit_entries" (
	"id" text PRIMARY KEY NOT NULL,
	"workspace_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"api_key_id" text,
	"action" text NOT NULL,
	"actor" jsonb NOT NULL,
	"target" jsonb NOT NULL,
	"changes" jsonb NOT NULL,
	"summary" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "audit_entries" ADD CONSTRAINT "audit_entries_workspace_id_workspaces_id_fk" FOREIGN KEY ("workspace_id") REFERENCES "public"."workspaces"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_entries_time_idx" ON "audit_entries" USING btree ("workspace_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_key_idx" ON "audit_entries" USING btree ("workspace_id","api_key_id","at","id") WHERE "audit_entries"."api_key_id" is not null;--> statement-breakpoint
CREATE INDEX "audit_entries_action_idx" ON "audit_entries" USING btree ("workspace_id","action","at","id");--> statement-breakpoint
CREATE INDEX "audit_entries_key_action_idx" ON "audit_entries" USING btree ("workspace_id","api_key_id","action","at","id") WHERE "audit_entries"."api_key_id" is not null;