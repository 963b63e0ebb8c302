ALTER TABLE "rent_posts" ADD COLUMN "confirmed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "rent_posts" ADD COLUMN "unlisted_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rent_posts_listed_confirmed_at_idx" ON "rent_posts" USING btree ("confirmed_at") WHERE "rent_posts"."deleted_at" is null and "rent_posts"."unlisted_at" is null;--> statement-breakpoint
-- An ad posted before confirmation existed was last confirmed when it last changed. Only `confirmed_at` moves, so
-- phones are sent nothing: they read a missing `confirmedAt` as `updatedAt`, which is this very value.
UPDATE "rent_posts" SET "confirmed_at" = "updated_at";
