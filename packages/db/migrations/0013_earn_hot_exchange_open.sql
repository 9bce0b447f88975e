ALTER TABLE "earn_interest" DROP CONSTRAINT "earn_interest_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "earn_accounts_holding_idx";--> statement-breakpoint
CREATE INDEX "exchange_quotes_open_idx" ON "exchange_quotes" USING btree ("expires_at") WHERE "exchange_quotes"."status" = 'Open';--> statement-breakpoint
-- The daily interest rewrites every holder's row: room on each page keeps those updates HOT (no index entries).
ALTER TABLE "earn_accounts" SET (fillfactor = 50);