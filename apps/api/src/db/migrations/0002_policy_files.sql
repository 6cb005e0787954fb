ALTER TABLE "policy_documents" ALTER COLUMN "content_html" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_consents" ADD COLUMN "document_ids" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "policy_documents" ADD COLUMN "file_path" text;