CREATE TABLE "service_keys" (
	"name" text PRIMARY KEY NOT NULL,
	"sealed" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
