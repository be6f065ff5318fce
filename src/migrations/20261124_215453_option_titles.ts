import { MigrateDownArgs, MigrateUpArgs, sql } from '@payloadcms/db-postgres'

/**
 * Options get a title for /cms and its lists: the product's name and the value ("Tour Tee: XL").
 * Existing options get theirs from their product.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "product_options" ADD COLUMN "title" varchar;
   UPDATE "product_options" o SET "title" = p."name" || ': ' || o."value" FROM "products" p WHERE p."id" = o."product_id_id";`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "product_options" DROP COLUMN "title";`)
}
