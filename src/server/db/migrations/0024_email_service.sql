CREATE TABLE "email_configs" (
	"api_key_id" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"provider" text NOT NULL,
	"provider_key_sealed" text,
	"provider_key_mask" text,
	"from_email" text NOT NULL,
	"from_company" text NOT NULL,
	"triggers" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_emails" (
	"id" text PRIMARY KEY NOT NULL,
	"api_key_id" text NOT NULL,
	"organization_id" text,
	"document_id" text,
	"annotation_id" text,
	"recipient_user_id" text,
	"author_user_id" text,
	"trigger" text NOT NULL,
	"provider" text NOT NULL,
	"to_address" text NOT NULL,
	"from_name" text NOT NULL,
	"from_address" text NOT NULL,
	"reply_to" text,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"link" text NOT NULL,
	"status" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_configs" ADD CONSTRAINT "email_configs_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sent_emails" ADD CONSTRAINT "sent_emails_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "sent_emails_created_idx" ON "sent_emails" USING btree ("api_key_id","created_at","id");--> statement-breakpoint
CREATE INDEX "sent_emails_recipient_idx" ON "sent_emails" USING btree ("api_key_id","organization_id","recipient_user_id");--> statement-breakpoint
CREATE INDEX "sent_emails_author_idx" ON "sent_emails" USING btree ("api_key_id","organization_id","author_user_id");--> statement-breakpoint
CREATE INDEX "sent_emails_finished_idx" ON "sent_emails" USING btree ("created_at") WHERE "sent_emails"."status" <> 'pending';