DROP INDEX "rent_posts_user_id_idx";--> statement-breakpoint
CREATE INDEX "rent_posts_user_id_created_at_idx" ON "rent_posts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "rent_posts_created_at_idx" ON "rent_posts" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "reviews_client_id_created_at_idx" ON "reviews" USING btree ("client_id","created_at");--> statement-breakpoint
CREATE INDEX "services_created_at_idx" ON "services" USING btree ("created_at","id");