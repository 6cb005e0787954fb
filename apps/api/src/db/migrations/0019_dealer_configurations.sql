CREATE TABLE "dealer_configurations" (
	"dealer_id" integer PRIMARY KEY NOT NULL,
	"draft_config_json" text,
	"components_metadata" jsonb,
	"components_metadata_file_name" text,
	"components_generated_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dealer_configurations" ADD CONSTRAINT "dealer_configurations_dealer_id_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."dealers"("id") ON DELETE cascade ON UPDATE no action;