CREATE TABLE "allowed_domains" (
	"api_key_id" text NOT NULL,
	"domain" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "allowed_domains_api_key_id_domain_pk" PRIMARY KEY("api_key_id","domain")
);
--> statement-breakpoint
ALTER TABLE "allowed_domains" ADD CONSTRAINT "allowed_domains_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;