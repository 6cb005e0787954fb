ALTER TABLE "mill_clients" ADD COLUMN "invited_first_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mill_clients" ADD COLUMN "invited_last_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "mill_clients" ADD COLUMN "invited_email" text DEFAULT '' NOT NULL;--> statement-breakpoint
UPDATE "mill_clients" SET "invited_first_name" = "users"."first_name", "invited_last_name" = "users"."last_name", "invited_email" = "users"."email" FROM "users" WHERE "users"."id" = "mill_clients"."user_id";
