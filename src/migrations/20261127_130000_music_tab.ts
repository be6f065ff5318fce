import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * - `tracks.instant`: a track a pre-order buyer may download at once, before the release date.
 * - `track_plays`: how many times each track's stream was started (a request from its first byte).
 * - `products.includes_release_id`: a product (say the vinyl) that comes with a release; paying
 *   for it gives the release. Deleting the release leaves the product without one.
 * - `download_grants.release_day_mailed_at`: when the buyer of a pre-order was mailed the release-day
 *   email (once per grant); the partial index finds the grants still waiting for it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "tracks" ADD COLUMN "instant" boolean DEFAULT false NOT NULL;
  CREATE TABLE "track_plays" (
  	"track_id" uuid PRIMARY KEY NOT NULL REFERENCES "public"."tracks"("id") ON DELETE cascade,
  	"plays" bigint DEFAULT 0 NOT NULL CHECK ("plays" >= 0)
  );
  ALTER TABLE "products" ADD COLUMN "includes_release_id" uuid
  	REFERENCES "public"."releases"("id") ON DELETE set null;
  CREATE INDEX "products_includes_release_idx" ON "products" USING btree ("includes_release_id");
  ALTER TABLE "download_grants" ADD COLUMN "release_day_mailed_at" timestamp(3) with time zone;
  CREATE INDEX "download_grants_release_day_idx" ON "download_grants" USING btree ("available_on")
  	WHERE "available_on" IS NOT NULL AND "release_day_mailed_at" IS NULL AND "revoked_at" IS NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX "download_grants_release_day_idx";
  ALTER TABLE "download_grants" DROP COLUMN "release_day_mailed_at";
  DROP INDEX "products_includes_release_idx";
  ALTER TABLE "products" DROP COLUMN "includes_release_id";
  DROP TABLE "track_plays";
  ALTER TABLE "tracks" DROP COLUMN "instant";`)
}
