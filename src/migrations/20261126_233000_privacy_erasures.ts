import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The log of personal-data erasures: the erased address only as its SHA-256 (so a later request
 * can be checked against it without keeping the address), when, who asked, and how many records.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "privacy_erasures" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "email_sha256" char(64) NOT NULL CHECK ("email_sha256" ~ '^[0-9a-f]{64}$'),
    "erased_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "erased_by_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
    "counts" jsonb NOT NULL
  );
  CREATE INDEX "privacy_erasures_hash_idx" ON "privacy_erasures" USING btree ("email_sha256");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "privacy_erasures";`)
}
