CREATE INDEX "licence_tickets_used_by_mill_idx" ON "licence_tickets" USING btree ("used_by_mill_id") WHERE "licence_tickets"."used_by_mill_id" is not null;
