import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Every link, show, product and product option gets a stable key (content files match records by
 * it). Existing rows get a random one before the column becomes required and unique; the column's
 * default gives one to a row written by SQL alone (Payload makes its own when it creates a record).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "links" ADD COLUMN "key" varchar;
  ALTER TABLE "products" ADD COLUMN "key" varchar;
  ALTER TABLE "product_options" ADD COLUMN "key" varchar;
  ALTER TABLE "shows" ADD COLUMN "key" varchar;
  ALTER TABLE "links" ALTER COLUMN "key" SET DEFAULT gen_random_uuid()::text;
  ALTER TABLE "products" ALTER COLUMN "key" SET DEFAULT gen_random_uuid()::text;
  ALTER TABLE "product_options" ALTER COLUMN "key" SET DEFAULT gen_random_uuid()::text;
  ALTER TABLE "shows" ALTER COLUMN "key" SET DEFAULT gen_random_uuid()::text;
  UPDATE "links" SET "key" = gen_random_uuid()::text WHERE "key" IS NULL;
  UPDATE "products" SET "key" = gen_random_uuid()::text WHERE "key" IS NULL;
  UPDATE "product_options" SET "key" = gen_random_uuid()::text WHERE "key" IS NULL;
  UPDATE "shows" SET "key" = gen_random_uuid()::text WHERE "key" IS NULL;
  ALTER TABLE "links" ALTER COLUMN "key" SET NOT NULL;
  ALTER TABLE "products" ALTER COLUMN "key" SET NOT NULL;
  ALTER TABLE "product_options" ALTER COLUMN "key" SET NOT NULL;
  ALTER TABLE "shows" ALTER COLUMN "key" SET NOT NULL;
  CREATE UNIQUE INDEX "links_key_idx" ON "links" USING btree ("key");
  CREATE UNIQUE INDEX "products_key_idx" ON "products" USING btree ("key");
  CREATE UNIQUE INDEX "product_options_key_idx" ON "product_options" USING btree ("key");
  CREATE UNIQUE INDEX "shows_key_idx" ON "shows" USING btree ("key");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX "links_key_idx";
  DROP INDEX "products_key_idx";
  DROP INDEX "product_options_key_idx";
  DROP INDEX "shows_key_idx";
  ALTER TABLE "links" DROP COLUMN "key";
  ALTER TABLE "products" DROP COLUMN "key";
  ALTER TABLE "product_options" DROP COLUMN "key";
  ALTER TABLE "shows" DROP COLUMN "key";`)
}
