import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Uploads: the storage plugin's columns on media (the same schema whether files are on disk or in
 * S3), and the single-use record of local upload URLs (a URL's id can be claimed once).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "media" ADD COLUMN "prefix" varchar DEFAULT 'media';
  ALTER TABLE "media" ADD COLUMN "_objectkey" varchar;

  CREATE TABLE "object_upload_claims" (
    "id" uuid PRIMARY KEY NOT NULL,
    "claimed_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "object_upload_claims_claimed_at_idx" ON "object_upload_claims" ("claimed_at");
  `)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE IF EXISTS "object_upload_claims";
  ALTER TABLE "media" DROP COLUMN "prefix";
  ALTER TABLE "media" DROP COLUMN "_objectkey";
  `)
}
