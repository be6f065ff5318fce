import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/** The carrier and tracking number an order was shipped with. */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" ADD COLUMN "carrier" varchar;
  ALTER TABLE "orders" ADD COLUMN "tracking_number" varchar;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "orders" DROP COLUMN "carrier";
  ALTER TABLE "orders" DROP COLUMN "tracking_number";`)
}
