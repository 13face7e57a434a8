ALTER TABLE "audit_entries" DROP CONSTRAINT "audit_entries_workspace_id_workspaces_id_fk";
--> statement-breakpoint
-- A workspace's audit entries go with it, as the foreign key's cascade did, without locking the
-- workspace's row for every entry written.
CREATE FUNCTION "audit_entries_of_deleted_workspace"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "audit_entries" WHERE "workspace_id" = OLD."id";
  RETURN OLD;
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_entries_of_deleted_workspace" AFTER DELETE ON "workspaces"
  FOR EACH ROW EXECUTE FUNCTION "audit_entries_of_deleted_workspace"();
