DROP INDEX "judgments_search_idx";--> statement-breakpoint
DROP INDEX "judgments_text_trgm_idx";--> statement-breakpoint
CREATE INDEX "judgments_search_idx" ON "judgments" USING gin ("search") WITH (fastupdate=false);--> statement-breakpoint
CREATE INDEX "judgments_text_trgm_idx" ON "judgments" USING gin ("text" gin_trgm_ops) WITH (fastupdate=false);