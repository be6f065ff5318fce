import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Download codes: batches made by the team for a release (printed on cards, exported as CSV, so
 * each code is stored as it is printed), each code single use. A redeemed code keeps when and by
 * which address; a code held for a till link names that till, and once sold there, the sale.
 * Deleting a release deletes its batches and codes. The codes a till link holds come from one
 * batch per release marked `for_till` ("Merch table"). A till sale's line of a release names it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "download_code_batches" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "release_id" uuid NOT NULL REFERENCES "public"."releases"("id") ON DELETE cascade,
    "label" varchar NOT NULL CHECK (char_length("label") BETWEEN 1 AND 100),
    "count" integer NOT NULL CHECK ("count" >= 1 AND ("for_till" OR "count" <= 10000)),
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "created_by" uuid REFERENCES "public"."users"("id") ON DELETE set null,
    "for_till" boolean DEFAULT false NOT NULL
  );
  CREATE UNIQUE INDEX "download_code_batches_till_idx" ON "download_code_batches" USING btree ("release_id") WHERE "for_till";
  CREATE INDEX "download_code_batches_release_idx" ON "download_code_batches" USING btree ("release_id", "created_at");
  CREATE TABLE "download_codes" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "batch_id" uuid NOT NULL REFERENCES "public"."download_code_batches"("id") ON DELETE cascade,
    "code" char(12) NOT NULL UNIQUE CHECK ("code" ~ '^[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12}$'),
    "used_at" timestamp(3) with time zone,
    "used_by_email" varchar,
    "till_id" uuid REFERENCES "public"."tills"("id") ON DELETE set null,
    "sold_at" timestamp(3) with time zone,
    "till_sale_id" uuid
  );
  CREATE INDEX "download_codes_batch_idx" ON "download_codes" USING btree ("batch_id");
  CREATE INDEX "download_codes_till_idx" ON "download_codes" USING btree ("till_id") WHERE "till_id" IS NOT NULL;
  CREATE INDEX "download_codes_sale_idx" ON "download_codes" USING btree ("till_sale_id") WHERE "till_sale_id" IS NOT NULL;
  ALTER TABLE "till_sale_lines" ADD COLUMN "release_id" uuid;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "till_sale_lines" DROP COLUMN "release_id";
  DROP TABLE "download_codes";
  DROP TABLE "download_code_batches";`)
}
