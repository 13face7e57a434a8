CREATE TABLE "organizations" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"organization_name" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organizations_pk" PRIMARY KEY("api_key_id","organization_id")
);
--> statement-breakpoint
CREATE TABLE "user_groups" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"group_id" text NOT NULL,
	"group_name" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_groups_pk" PRIMARY KEY("api_key_id","organization_id","group_id")
);
--> statement-breakpoint
CREATE TABLE "folder_closure" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"ancestor_id" text NOT NULL,
	"distance" integer NOT NULL,
	"descendant_id" text NOT NULL,
	CONSTRAINT "folder_closure_pk" PRIMARY KEY("api_key_id","organization_id","ancestor_id","distance","descendant_id")
);
--> statement-breakpoint
CREATE TABLE "folders" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"folder_name" text NOT NULL,
	"parent_folder_id" text NOT NULL,
	"ancestors" text[] NOT NULL,
	"depth" integer NOT NULL,
	"access_type" text NOT NULL,
	"inherit_access_from_parent" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "folders_pk" PRIMARY KEY("api_key_id","organization_id","folder_id")
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"document_id" text NOT NULL,
	"document_name" text NOT NULL,
	"folder_id" text,
	"access_type" text NOT NULL,
	"disabled" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "documents_pk" PRIMARY KEY("api_key_id","organization_id","document_id")
);
--> statement-breakpoint
CREATE TABLE "document_users" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"document_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "document_users_pk" PRIMARY KEY("api_key_id","organization_id","document_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "folder_users" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"folder_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "folder_users_pk" PRIMARY KEY("api_key_id","organization_id","folder_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "organization_users" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"organization_level" boolean NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organization_users_pk" PRIMARY KEY("api_key_id","organization_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "user_group_members" (
	"api_key_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"group_id" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "user_group_members_pk" PRIMARY KEY("api_key_id","organization_id","group_id","user_id")
);
--> statement-breakpoint
ALTER TABLE "organizations" ADD CONSTRAINT "organizations_api_key_id_api_keys_id_fk" FOREIGN KEY ("api_key_id") REFERENCES "public"."api_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_groups" ADD CONSTRAINT "user_groups_organization_id_fk" FOREIGN KEY ("api_key_id","organization_id") REFERENCES "public"."organizations"("api_key_id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_closure" ADD CONSTRAINT "folder_closure_descendant_id_fk" FOREIGN KEY ("api_key_id","organization_id","descendant_id") REFERENCES "public"."folders"("api_key_id","organization_id","folder_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_closure" ADD CONSTRAINT "folder_closure_ancestor_id_fk" FOREIGN KEY ("api_key_id","organization_id","ancestor_id") REFERENCES "public"."folders"("api_key_id","organization_id","folder_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folders" ADD CONSTRAINT "folders_organization_id_fk" FOREIGN KEY ("api_key_id","organization_id") REFERENCES "public"."organizations"("api_key_id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_organization_id_fk" FOREIGN KEY ("api_key_id","organization_id") REFERENCES "public"."organizations"("api_key_id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_folder_id_fk" FOREIGN KEY ("api_key_id","organization_id","folder_id") REFERENCES "public"."folders"("api_key_id","organization_id","folder_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_users" ADD CONSTRAINT "document_users_document_id_fk" FOREIGN KEY ("api_key_id","organization_id","document_id") REFERENCES "public"."documents"("api_key_id","organization_id","document_id") ON DELETE cascade ON UPDATE cascade;--> statement-breakpoint
ALTER TABLE "document_users" ADD CONSTRAINT "document_users_user_id_fk" FOREIGN KEY ("api_key_id","organization_id","user_id") REFERENCES "public"."organization_users"("api_key_id","organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_users" ADD CONSTRAINT "folder_users_folder_id_fk" FOREIGN KEY ("api_key_id","organization_id","folder_id") REFERENCES "public"."folders"("api_key_id","organization_id","folder_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "folder_users" ADD CONSTRAINT "folder_users_user_id_fk" FOREIGN KEY ("api_key_id","organization_id","user_id") REFERENCES "public"."organization_users"("api_key_id","organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organization_users" ADD CONSTRAINT "organization_users_organization_id_fk" FOREIGN KEY ("api_key_id","organization_id") REFERENCES "public"."organizations"("api_key_id","organization_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_group_id_fk" FOREIGN KEY ("api_key_id","organization_id","group_id") REFERENCES "public"."user_groups"("api_key_id","organization_id","group_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_group_members" ADD CONSTRAINT "user_group_members_user_id_fk" FOREIGN KEY ("api_key_id","organization_id","user_id") REFERENCES "public"."organization_users"("api_key_id","organization_id","user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "folder_closure_descendant_idx" ON "folder_closure" USING btree ("api_key_id","organization_id","descendant_id");--> statement-breakpoint
CREATE INDEX "folders_parent_idx" ON "folders" USING btree ("api_key_id","organization_id","parent_folder_id","folder_id");--> statement-breakpoint
CREATE INDEX "documents_folder_idx" ON "documents" USING btree ("api_key_id","organization_id","folder_id","document_id");--> statement-breakpoint
CREATE INDEX "document_users_user_idx" ON "document_users" USING btree ("api_key_id","organization_id","user_id","document_id");--> statement-breakpoint
CREATE INDEX "folder_users_user_idx" ON "folder_users" USING btree ("api_key_id","organization_id","user_id","folder_id");--> statement-breakpoint
CREATE INDEX "user_group_members_user_idx" ON "user_group_members" USING btree ("api_key_id","organization_id","user_id","group_id");