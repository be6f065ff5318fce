import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Pre-orders. A product (its own stock, without sizes) or a size has a ship date and an optional
 * cap. On pre-order its stock may go below 0, down to minus the cap (without a cap, without
 * limit): the units owed beyond what is on hand. Off pre-order, stock stays at 0 or more, as
 * before. An order line keeps the ship date it was bought with.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "products" ADD COLUMN "preorder_ships_on" varchar;
  ALTER TABLE "products" ADD COLUMN "preorder_cap" numeric;
  ALTER TABLE "product_options" ADD COLUMN "preorder_ships_on" varchar;
  ALTER TABLE "product_options" ADD COLUMN "preorder_cap" numeric;
  ALTER TABLE "order_items" ADD COLUMN "preorder_ships_on" varchar;
  ALTER TABLE "products" ADD CONSTRAINT "products_preorder_cap_whole"
    CHECK ("preorder_cap" >= 0 AND "preorder_cap" = trunc("preorder_cap"));
  ALTER TABLE "product_options" ADD CONSTRAINT "product_options_preorder_cap_whole"
    CHECK ("preorder_cap" >= 0 AND "preorder_cap" = trunc("preorder_cap"));
  ALTER TABLE "products" DROP CONSTRAINT "products_inventory_not_negative";
  ALTER TABLE "products" ADD CONSTRAINT "products_inventory_not_negative" CHECK ("inventory" >= 0
    OR ("preorder_ships_on" IS NOT NULL AND ("preorder_cap" IS NULL OR "inventory" >= -"preorder_cap")));
  ALTER TABLE "product_options" DROP CONSTRAINT "product_options_inventory_not_negative";
  ALTER TABLE "product_options" ADD CONSTRAINT "product_options_inventory_not_negative" CHECK ("inventory" >= 0
    OR ("preorder_ships_on" IS NOT NULL AND ("preorder_cap" IS NULL OR "inventory" >= -"preorder_cap")));`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  UPDATE "products" SET "inventory" = 0 WHERE "inventory" < 0;
  UPDATE "product_options" SET "inventory" = 0 WHERE "inventory" < 0;
  ALTER TABLE "products" DROP CONSTRAINT "products_inventory_not_negative";
  ALTER TABLE "products" ADD CONSTRAINT "products_inventory_not_negative" CHECK ("inventory" >= 0);
  ALTER TABLE "product_options" DROP CONSTRAINT "product_options_inventory_not_negative";
  ALTER TABLE "product_options" ADD CONSTRAINT "product_options_inventory_not_negative" CHECK ("inventory" >= 0);
  ALTER TABLE "products" DROP COLUMN "preorder_ships_on";
  ALTER TABLE "products" DROP COLUMN "preorder_cap";
  ALTER TABLE "product_options" DROP COLUMN "preorder_ships_on";
  ALTER TABLE "product_options" DROP COLUMN "preorder_cap";
  ALTER TABLE "order_items" DROP COLUMN "preorder_ships_on";`)
}
