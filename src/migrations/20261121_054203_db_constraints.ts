import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Rules the database enforces itself, whatever code path writes: money as numeric(10,2),
 * stock never below zero, case-insensitive unique emails, and the rate-limit counters.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "products" ALTER COLUMN "price" TYPE numeric(10,2);
  ALTER TABLE "product_options" ALTER COLUMN "price_adjustment" TYPE numeric(10,2);
  ALTER TABLE "orders" ALTER COLUMN "subtotal_amount" TYPE numeric(10,2);
  ALTER TABLE "orders" ALTER COLUMN "shipping_amount" TYPE numeric(10,2);
  ALTER TABLE "orders" ALTER COLUMN "total_amount" TYPE numeric(10,2);
  ALTER TABLE "order_items" ALTER COLUMN "price" TYPE numeric(10,2);
  ALTER TABLE "order_items" ALTER COLUMN "price_adjustment" TYPE numeric(10,2);

  ALTER TABLE "products" ADD CONSTRAINT "products_price_not_negative" CHECK ("price" >= 0);
  ALTER TABLE "products" ADD CONSTRAINT "products_inventory_not_negative" CHECK ("inventory" >= 0);
  ALTER TABLE "products" ADD CONSTRAINT "products_inventory_whole" CHECK ("inventory" = trunc("inventory"));
  ALTER TABLE "product_options" ADD CONSTRAINT "product_options_inventory_not_negative" CHECK ("inventory" >= 0);
  ALTER TABLE "product_options" ADD CONSTRAINT "product_options_inventory_whole" CHECK ("inventory" = trunc("inventory"));
  ALTER TABLE "order_items" ADD CONSTRAINT "order_items_quantity_positive" CHECK ("quantity" >= 1 AND "quantity" = trunc("quantity"));
  ALTER TABLE "orders" ADD CONSTRAINT "orders_amounts_not_negative"
    CHECK ("subtotal_amount" >= 0 AND "shipping_amount" >= 0 AND "total_amount" >= 0);

  ALTER TABLE "users" ADD CONSTRAINT "users_email_lowercase" CHECK ("email" = lower("email"));
  CREATE UNIQUE INDEX "users_email_lower_idx" ON "users" (lower("email"));
  ALTER TABLE "subscribers" ADD CONSTRAINT "subscribers_email_lowercase" CHECK ("email" = lower("email"));
  CREATE UNIQUE INDEX "subscribers_email_lower_idx" ON "subscribers" (lower("email"));

  CREATE TABLE "rate_limits" (
    "key" varchar PRIMARY KEY NOT NULL,
    "window_start" timestamp(3) with time zone NOT NULL,
    "hits" integer NOT NULL
  );
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE IF EXISTS "rate_limits";
  DROP INDEX IF EXISTS "subscribers_email_lower_idx";
  ALTER TABLE "subscribers" DROP CONSTRAINT IF EXISTS "subscribers_email_lowercase";
  DROP INDEX IF EXISTS "users_email_lower_idx";
  ALTER TABLE "users" DROP CONSTRAINT IF EXISTS "users_email_lowercase";
  ALTER TABLE "orders" DROP CONSTRAINT IF EXISTS "orders_amounts_not_negative";
  ALTER TABLE "order_items" DROP CONSTRAINT IF EXISTS "order_items_quantity_positive";
  ALTER TABLE "product_options" DROP CONSTRAINT IF EXISTS "product_options_inventory_whole";
  ALTER TABLE "product_options" DROP CONSTRAINT IF EXISTS "product_options_inventory_not_negative";
  ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_inventory_whole";
  ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_inventory_not_negative";
  ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_price_not_negative";
  `)
}
