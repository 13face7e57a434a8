CREATE TABLE "activities" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"activity_id" text NOT NULL,
	"document_id" text,
	"feature_type" text NOT NULL,
	"action_type" text NOT NULL,
	"action_user" jsonb NOT NULL,
	"action_user_id" text GENERATED ALWAYS AS (("action_user" ->> 'userId')) STORED NOT NULL,
	"changes" jsonb,
	"entity_data" jsonb,
	"entity_target_data" jsonb,
	"display_message_template" text,
	"display_message_template_data" jsonb,
	"action_icon" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "activities_api_key_id_organization_id_activity_id_pk" PRIMARY KEY("api_key_id","organization_id","activity_id")
);
--> statement-breakpoint
CREATE TABLE "reactions" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"reaction_id" text NOT NULL,
	"document_id" text NOT NULL,
	"annotation_id" text,
	"icon" text NOT NULL,
	"from" jsonb NOT NULL,
	"from_user_id" text GENERATED ALWAYS AS (("from" ->> 'userId')) STORED NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "reactions_api_key_id_organization_id_reaction_id_pk" PRIMARY KEY("api_key_id","organization_id","reaction_id")
);
--> statement-breakpoint
CREATE TABLE "recordings" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"recording_id" text NOT NULL,
	"document_id" text NOT NULL,
	"type" text NOT NULL,
	"url" text NOT NULL,
	"duration_ms" integer,
	"from" jsonb NOT NULL,
	"from_user_id" text GENERATED ALWAYS AS (("from" ->> 'userId')) STORED NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "recordings_api_key_id_organization_id_recording_id_pk" PRIMARY KEY("api_key_id","organization_id","recording_id")
);
--> statement-breakpoint
ALTER TABLE "comments" ADD COLUMN "from_user_id" text GENERATED ALWAYS AS (("from" ->> 'userId')) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "activities" ADD CONSTRAINT "activities_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reactions" ADD CONSTRAINT "reactions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "recordings" ADD CONSTRAINT "recordings_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activities_time_idx" ON "activities" USING btree ("api_key_id","organization_id","created_at","activity_id");--> statement-breakpoint
CREATE INDEX "activities_document_idx" ON "activities" USING btree ("api_key_id","organization_id","document_id","created_at","activity_id");--> statement-breakpoint
CREATE INDEX "activities_user_idx" ON "activities" USING btree ("api_key_id","organization_id","action_user_id","created_at","activity_id");--> statement-breakpoint
CREATE INDEX "reactions_document_idx" ON "reactions" USING btree ("api_key_id","organization_id","document_id");--> statement-breakpoint
CREATE INDEX "reactions_author_idx" ON "reactions" USING btree ("api_key_id","organization_id","from_user_id","reaction_id");--> statement-breakpoint
CREATE INDEX "recordings_document_idx" ON "recordings" USING btree ("api_key_id","organization_id","document_id");--> statement-breakpoint
CREATE INDEX "recordings_author_idx" ON "recordings" USING btree ("api_key_id","organization_id","from_user_id","recording_id");--> statement-breakpoint
CREATE INDEX "comments_author_idx" ON "comments" USING btree ("api_key_id","organization_id","from_user_id","annotation_id","comment_id");