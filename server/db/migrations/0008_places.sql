ALTER TABLE "rent_posts" ADD COLUMN "place_id" text;--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "service_place_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;