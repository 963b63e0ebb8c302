CREATE TABLE "requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"customer_id" uuid NOT NULL,
	"owner_id" uuid NOT NULL,
	"date" date NOT NULL,
	"time_of_day" text NOT NULL,
	"place_id" text,
	"note" text NOT NULL,
	"offered_price" integer,
	"price" integer,
	"status" text DEFAULT 'requested' NOT NULL,
	"reason" text,
	"history" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "requests_kind_known" CHECK ("requests"."kind" in ('service', 'visit')),
	CONSTRAINT "requests_status_known" CHECK ("requests"."status" in ('requested', 'accepted', 'declined', 'cancelled', 'done', 'expired')),
	CONSTRAINT "requests_time_of_day_known" CHECK ("requests"."time_of_day" in ('morning', 'afternoon', 'evening')),
	CONSTRAINT "requests_prices_positive" CHECK (coalesce("requests"."offered_price", 1) >= 1 and coalesce("requests"."price", 1) >= 1)
);
--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requests" ADD CONSTRAINT "requests_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "requests_customer_idx" ON "requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_owner_idx" ON "requests" USING btree ("owner_id","created_at");--> statement-breakpoint
CREATE INDEX "requests_listing_customer_idx" ON "requests" USING btree ("listing_id","customer_id");--> statement-breakpoint
CREATE INDEX "requests_expiry_idx" ON "requests" USING btree ("expires_at") WHERE "requests"."status" = 'requested';