-- Set from the subscription at the provider on its next event; until then the contract page shows the
-- plan's listed price (subscriptions.service.ts, chargedPriceOf).
ALTER TABLE "mill_subscriptions" ADD COLUMN "plan_price_cents" integer;