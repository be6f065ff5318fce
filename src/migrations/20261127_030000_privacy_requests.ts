import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * A fan's own privacy requests: the link mailed to an address, kept only as the SHA-256 of its
 * token, valid until `expires_at` and spent by an erasure. The privacy settings, one row: after
 * how many months a delivered or refunded order forgets its buyer, and the team's own text for
 * the privacy notice (Markdown).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "privacy_requests" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "token_sha256" char(64) NOT NULL UNIQUE CHECK ("token_sha256" ~ '^[0-9a-f]{64}$'),
    "email" varchar NOT NULL,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "expires_at" timestamp(3) with time zone NOT NULL,
    "used_at" timestamp(3) with time zone
  );
  CREATE INDEX "privacy_requests_expires_idx" ON "privacy_requests" USING btree ("expires_at");
  CREATE TABLE "privacy_settings" (
    "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
    "retention_months" integer DEFAULT 24 NOT NULL CHECK ("retention_months" BETWEEN 1 AND 120),
    "notice_markdown" text DEFAULT '' NOT NULL,
    "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  INSERT INTO "privacy_settings" ("id") VALUES (1);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`DROP TABLE "privacy_requests"; DROP TABLE "privacy_settings";`)
}
