CREATE TABLE "desktop_app" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" text NOT NULL,
	"release_notes" text DEFAULT '' NOT NULL,
	"url" text,
	"file_key" text,
	"file_name" text,
	"file_size" bigint,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" integer,
	CONSTRAINT "desktop_app_single_row" CHECK ("desktop_app"."id" = 1),
	CONSTRAINT "desktop_app_link_or_file" CHECK (("desktop_app"."url" is null) <> ("desktop_app"."file_key" is null))
);
--> statement-breakpoint
ALTER TABLE "desktop_app" ADD CONSTRAINT "desktop_app_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;