import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Downloads. A grant gives an address (lower-cased) a release, from a paid order or a redeemed
 * code, once per (source, release); it may wait for a release day (`available_on`, null: now) and
 * is revoked by a refund. A download link is a random token mailed to the address (only its
 * SHA-256 kept) that lists what the address may download while it lasts; `download_uses` counts
 * the downloads of each release through each link. `release_zips` records the one zip kept in
 * storage per (release, format) and the fingerprint of what it was made from. `music_settings`
 * (one row): how long a link works and how many downloads of a release it allows.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "download_grants" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "email" varchar NOT NULL CHECK ("email" = lower("email")),
    "release_id" uuid NOT NULL REFERENCES "public"."releases"("id") ON DELETE CASCADE,
    "order_id" uuid REFERENCES "public"."orders"("id") ON DELETE CASCADE,
    "code_id" varchar,
    "available_on" date,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "revoked_at" timestamp(3) with time zone,
    CHECK (("order_id" IS NULL) <> ("code_id" IS NULL)),
    UNIQUE ("order_id", "release_id"),
    UNIQUE ("code_id", "release_id")
  );
  CREATE INDEX "download_grants_email_idx" ON "download_grants" USING btree ("email");
  CREATE INDEX "download_grants_release_idx" ON "download_grants" USING btree ("release_id");
  CREATE TABLE "download_links" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "token_sha256" char(64) NOT NULL UNIQUE CHECK ("token_sha256" ~ '^[0-9a-f]{64}$'),
    "email" varchar NOT NULL,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "expires_at" timestamp(3) with time zone NOT NULL
  );
  CREATE INDEX "download_links_email_idx" ON "download_links" USING btree ("email");
  CREATE TABLE "download_uses" (
    "link_id" uuid NOT NULL REFERENCES "public"."download_links"("id") ON DELETE CASCADE,
    "release_id" uuid NOT NULL REFERENCES "public"."releases"("id") ON DELETE CASCADE,
    "count" integer DEFAULT 0 NOT NULL CHECK ("count" >= 0),
    "last_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY ("link_id", "release_id")
  );
  CREATE TABLE "release_zips" (
    "release_id" uuid NOT NULL REFERENCES "public"."releases"("id") ON DELETE CASCADE,
    "format" varchar NOT NULL CHECK ("format" IN ('mp3-320', 'flac')),
    "fingerprint" char(64) NOT NULL,
    "storage_key" varchar NOT NULL,
    "size" bigint NOT NULL CHECK ("size" >= 0),
    "built_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    PRIMARY KEY ("release_id", "format")
  );
  CREATE TABLE "music_settings" (
    "id" integer PRIMARY KEY DEFAULT 1 CHECK ("id" = 1),
    "link_valid_days" integer DEFAULT 30 NOT NULL CHECK ("link_valid_days" BETWEEN 1 AND 3650),
    "downloads_per_release" integer DEFAULT 10 NOT NULL CHECK ("downloads_per_release" BETWEEN 1 AND 1000),
    "updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  INSERT INTO "music_settings" ("id") VALUES (1);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "music_settings";
  DROP TABLE "release_zips";
  DROP TABLE "download_uses";
  DROP TABLE "download_links";
  DROP TABLE "download_grants";`)
}
