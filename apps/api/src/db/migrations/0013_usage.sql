CREATE TABLE "usage_hours" (
	"licence_key_id" integer NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"max_concurrent" integer NOT NULL,
	"pings" integer NOT NULL,
	CONSTRAINT "usage_hours_licence_key_id_hour_pk" PRIMARY KEY("licence_key_id","hour")
);
--> statement-breakpoint
CREATE TABLE "usage_machines" (
	"id" serial PRIMARY KEY NOT NULL,
	"licence_key_id" integer NOT NULL,
	"board_serial" text NOT NULL,
	"mac_addresses" text[] NOT NULL,
	"pc_name" text NOT NULL,
	"ip_addresses" text[] NOT NULL,
	"running" boolean NOT NULL,
	"first_ping_at" timestamp with time zone NOT NULL,
	"last_ping_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "licence_keys" ADD COLUMN "allowed_users" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "usage_hours" ADD CONSTRAINT "usage_hours_licence_key_id_licence_keys_id_fk" FOREIGN KEY ("licence_key_id") REFERENCES "public"."licence_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage_machines" ADD CONSTRAINT "usage_machines_licence_key_id_licence_keys_id_fk" FOREIGN KEY ("licence_key_id") REFERENCES "public"."licence_keys"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "usage_hours_hour_idx" ON "usage_hours" USING btree ("hour");--> statement-breakpoint
CREATE UNIQUE INDEX "usage_machines_key_board_idx" ON "usage_machines" USING btree ("licence_key_id","board_serial");--> statement-breakpoint
-- The machine row is updated once a minute without changing an indexed column: free room in each
-- page lets PostgreSQL do that as a HOT update, so neither the table nor its index grows per ping.
ALTER TABLE "usage_machines" SET (fillfactor = 70);--> statement-breakpoint
ALTER TABLE "usage_hours" SET (fillfactor = 80);
