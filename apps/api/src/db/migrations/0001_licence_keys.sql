CREATE TABLE "licence_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"mill_id" integer NOT NULL,
	"key" text NOT NULL,
	"enable_data_collection" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "licence_keys_key_unique" UNIQUE("key")
);
--> statement-breakpoint
ALTER TABLE "licence_keys" ADD CONSTRAINT "licence_keys_mill_id_mills_id_fk" FOREIGN KEY ("mill_id") REFERENCES "public"."mills"("id") ON DELETE cascade ON UPDATE no action;