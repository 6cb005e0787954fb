ALTER TABLE "notifications" ADD COLUMN "component_id" integer;--> statement-breakpoint
-- Hand-written: a message's notifications name its component themselves from now on (the bell no
-- longer asks the messages); those stored before learn it from their message.
UPDATE "notifications" n SET "component_id" = m."component_id"
  FROM "messages" m
  WHERE n."type" = 'newMessageReceived' AND m."id" = n."object_id";
