import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Releases sold in web orders: an order line may be a release (`release_id`, its title kept as the
 * line's name; the release deleted later leaves the line with its name), and an order holding one
 * records the buyer's request for immediate delivery, which waives the 14-day right of withdrawal
 * for the download (`digital_consent`, with the time it was given).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "order_items" ADD COLUMN "release_id" uuid REFERENCES "releases"("id") ON DELETE SET NULL;
  CREATE INDEX "order_items_release_idx" ON "order_items" USING btree ("release_id");
  ALTER TABLE "orders" ADD COLUMN "digital_consent" boolean DEFAULT false NOT NULL;
  ALTER TABLE "orders" ADD COLUMN "digital_consent_at" timestamp(3) with time zone;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "orders" DROP COLUMN "digital_consent_at";
  ALTER TABLE "orders" DROP COLUMN "digital_consent";
  DROP INDEX "order_items_release_idx";
  ALTER TABLE "order_items" DROP COLUMN "release_id";`)
}
