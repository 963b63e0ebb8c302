CREATE TABLE "change_marks" (
	"table_name" text PRIMARY KEY NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT 'epoch' NOT NULL
);
--> statement-breakpoint
-- Every write statement on a marked table bumps its row of change_marks in the same transaction (server/db/
-- change-marks.ts): the version by one, and changed_at up to the latest updated_at written. A statement that
-- wrote no row changes nothing. Upserted, so a missing row comes back with the next write.
CREATE FUNCTION "change_marks_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  latest timestamptz;
BEGIN
  IF TG_OP = 'INSERT' OR TG_OP = 'UPDATE' THEN
    SELECT max("updated_at") INTO latest FROM "written_rows";
    IF latest IS NULL THEN
      RETURN NULL;
    END IF;
  ELSIF TG_OP = 'DELETE' THEN
    IF NOT EXISTS (SELECT FROM "removed_rows") THEN
      RETURN NULL;
    END IF;
  END IF;
  INSERT INTO "change_marks" ("table_name", "version", "changed_at")
    VALUES (TG_TABLE_NAME, 1, coalesce(latest, 'epoch'))
    ON CONFLICT ("table_name") DO UPDATE
      SET "version" = "change_marks"."version" + 1,
          "changed_at" = greatest("change_marks"."changed_at", excluded."changed_at");
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "rent_posts_change_mark_insert" AFTER INSERT ON "rent_posts" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "rent_posts_change_mark_update" AFTER UPDATE ON "rent_posts" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "rent_posts_change_mark_delete" AFTER DELETE ON "rent_posts" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "rent_posts_change_mark_truncate" AFTER TRUNCATE ON "rent_posts" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "services_change_mark_insert" AFTER INSERT ON "services" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "services_change_mark_update" AFTER UPDATE ON "services" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "services_change_mark_delete" AFTER DELETE ON "services" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "services_change_mark_truncate" AFTER TRUNCATE ON "services" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "users_change_mark_insert" AFTER INSERT ON "users" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "users_change_mark_update" AFTER UPDATE ON "users" REFERENCING NEW TABLE AS "written_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "users_change_mark_delete" AFTER DELETE ON "users" REFERENCING OLD TABLE AS "removed_rows" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
CREATE TRIGGER "users_change_mark_truncate" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "change_marks_bump"();--> statement-breakpoint
-- The marks of the rows already there.
INSERT INTO "change_marks" ("table_name", "version", "changed_at")
  SELECT 'rent_posts', 1, coalesce(max("updated_at"), 'epoch') FROM "rent_posts"
  UNION ALL
  SELECT 'services', 1, coalesce(max("updated_at"), 'epoch') FROM "services"
  UNION ALL
  SELECT 'users', 1, coalesce(max("updated_at"), 'epoch') FROM "users";
