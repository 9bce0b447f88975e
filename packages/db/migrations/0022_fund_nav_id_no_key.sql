ALTER TABLE "fund_orders" DROP CONSTRAINT "fund_orders_nav_id_fund_navs_id_fk";
--> statement-breakpoint
ALTER TABLE "fund_redemptions" DROP CONSTRAINT "fund_redemptions_nav_id_fund_navs_id_fk";
