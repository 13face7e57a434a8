CREATE TABLE "judgments" (
	"api_key_id" text NOT NULL,
	"judgment_id" text NOT NULL,
	"organization_id" text,
	"document_id" text,
	"text" text NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"reviewer_id" text NOT NULL,
	"decided_at" bigint NOT NULL,
	"source_activity_id" text,
	"search" "tsvector" GENERATED ALWAYS AS (to_tsvector('english'::regconfig, "text" || ' ' || coalesce("reason", ''))) STORED NOT NULL,
	CONSTRAINT "judgments_pk" PRIMARY KEY("api_key_id","judgment_id")
);
--> statement-breakpoint
ALTER TABLE "judgments" ADD CONSTRAINT "judgments_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "judgments" ADD CONSTRAINT "judgments_activity_fk" FOREIGN KEY ("api_key_id","organization_id","source_activity_id") REFERENCES "public"."activities"("api_key_id","organization_id","activity_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "judgments_time_idx" ON "judgments" USING btree ("api_key_id","decided_at","judgment_id");--> statement-breakpoint
CREATE INDEX "judgments_organization_idx" ON "judgments" USING btree ("api_key_id","organization_id","decided_at","judgment_id");--> statement-breakpoint
CREATE INDEX "judgments_document_idx" ON "judgments" USING btree ("api_key_id","organization_id","document_id","decided_at","judgment_id");--> statement-breakpoint
CREATE INDEX "judgments_reviewer_idx" ON "judgments" USING btree ("api_key_id","organization_id","reviewer_id","decided_at","judgment_id");--> statement-breakpoint
CREATE INDEX "judgments_activity_idx" ON "judgments" USING btree ("api_key_id","organization_id","source_activity_id");--> statement-breakpoint
CREATE INDEX "judgments_search_idx" ON "judgments" USING gin ("search");--> statement-breakpoint
CREATE INDEX "judgments_text_trgm_idx" ON "judgments" USING gin ("text" gin_trgm_ops);