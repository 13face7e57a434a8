CREATE TABLE "agent_executions" (
	"api_key_id" text NOT NULL,
	"execution_id" text NOT NULL,
	"organization_id" text,
	"document_id" text,
	"agent_id" text NOT NULL,
	"agent_name" text NOT NULL,
	"agent_version" integer NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"started_at" bigint NOT NULL,
	"completed_at" bigint,
	"duration_ms" bigint,
	"trigger" text NOT NULL,
	"metadata" jsonb,
	"llm_model" text,
	"token_usage" jsonb,
	"results_summary" jsonb,
	"error" jsonb,
	CONSTRAINT "agent_executions_pk" PRIMARY KEY("api_key_id","execution_id")
);
--> statement-breakpoint
ALTER TABLE "agent_executions" ADD CONSTRAINT "agent_executions_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_executions_time_idx" ON "agent_executions" USING btree ("api_key_id","started_at","execution_id");--> statement-breakpoint
CREATE INDEX "agent_executions_agent_idx" ON "agent_executions" USING btree ("api_key_id","agent_id","started_at","execution_id");--> statement-breakpoint
CREATE INDEX "agent_executions_status_idx" ON "agent_executions" USING btree ("api_key_id","status","started_at","execution_id");--> statement-breakpoint
CREATE INDEX "agent_executions_agent_status_idx" ON "agent_executions" USING btree ("api_key_id","agent_id","status","started_at","execution_id");--> statement-breakpoint
CREATE INDEX "agent_executions_organization_idx" ON "agent_executions" USING btree ("api_key_id","organization_id","started_at","execution_id");--> statement-breakpoint
CREATE INDEX "agent_executions_organization_agent_idx" ON "agent_executions" USING btree ("api_key_id","organization_id","agent_id","started_at","execution_id");--> statement-breakpoint
CREATE INDEX "agent_executions_organization_status_idx" ON "agent_executions" USING btree ("api_key_id","organization_id","status","started_at","execution_id");--> statement-breakpoint
CREATE INDEX "agent_executions_organization_document_idx" ON "agent_executions" USING btree ("api_key_id","organization_id","document_id","started_at","execution_id");--> statement-breakpoint
CREATE INDEX "agent_executions_document_idx" ON "agent_executions" USING btree ("api_key_id","document_id","started_at","execution_id");