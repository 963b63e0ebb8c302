ALTER TABLE "users" DROP CONSTRAINT "users_language_known";--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_language_known" CHECK ("users"."language" in ('en', 'bn', 'hi'));