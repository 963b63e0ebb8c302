ALTER TABLE "sessions" ADD COLUMN "signed_in_at" timestamp with time zone;--> statement-breakpoint
-- Sessions from before this column: their creation time stands in for the Firebase sign-in they came from.
UPDATE "sessions" SET "signed_in_at" = "created_at";--> statement-breakpoint
ALTER TABLE "sessions" ALTER COLUMN "signed_in_at" SET NOT NULL;
