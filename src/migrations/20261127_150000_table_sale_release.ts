import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * A till sale's line is either of a product (`product_id`, with its size) or of a release
 * (`release_id`), never both: the release lines recorded so far kept the release's id in
 * `product_id` too, which now holds none for them.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "till_sale_lines" ALTER COLUMN "product_id" DROP NOT NULL;
  UPDATE "till_sale_lines" SET "release_id" = coalesce("release_id", "product_id"), "product_id" = NULL
  	WHERE "release_id" IS NOT NULL OR "product_id" IN (SELECT "id" FROM "releases");
  ALTER TABLE "till_sale_lines" ADD CONSTRAINT "till_sale_lines_item_check"
  	CHECK (("product_id" IS NULL) <> ("release_id" IS NULL));`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "till_sale_lines" DROP CONSTRAINT "till_sale_lines_item_check";
  UPDATE "till_sale_lines" SET "product_id" = "release_id" WHERE "product_id" IS NULL;
  ALTER TABLE "till_sale_lines" ALTER COLUMN "product_id" SET NOT NULL;`)
}
