CREATE TABLE "webhook_endpoint_stats" (
	"endpoint_id" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"status" integer NOT NULL,
	"attempts" integer NOT NULL,
	"successes" integer NOT NULL,
	"latency" integer[] NOT NULL,
	CONSTRAINT "webhook_endpoint_stats_pkey" PRIMARY KEY("endpoint_id","hour","status")
);
--> statement-breakpoint
ALTER TABLE "webhook_endpoint_stats" ADD CONSTRAINT "webhook_endpoint_stats_endpoint_id_webhook_endpoints_id_fk" FOREIGN KEY ("endpoint_id") REFERENCES "public"."webhook_endpoints"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "webhook_endpoint_stats_hour_idx" ON "webhook_endpoint_stats" USING btree ("hour");