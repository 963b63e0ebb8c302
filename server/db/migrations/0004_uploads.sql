CREATE TABLE "uploads" (
	"key" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"uploader_uid" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "uploads_kind_known" CHECK ("uploads"."kind" in ('profile', 'rent', 'service'))
);
--> statement-breakpoint
CREATE INDEX "uploads_unattached_created_at_idx" ON "uploads" USING btree ("created_at") WHERE "uploads"."attached_at" is null;