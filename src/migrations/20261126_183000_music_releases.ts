import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The band's releases for sale. Amounts are integer cents; a fixed-price release has its price,
 * a name-your-price one its minimum (0 allowed) and, when given, a suggested amount no lower than it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_releases_type" AS ENUM('album', 'EP', 'single');
  CREATE TYPE "public"."enum_releases_pricing_mode" AS ENUM('fixed', 'nameYourPrice');
  CREATE TABLE "releases" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"title" varchar NOT NULL,
  	"slug" varchar,
  	"type" "enum_releases_type" NOT NULL,
  	"release_date" varchar NOT NULL,
  	"artwork_url" varchar,
  	"description" varchar,
  	"credits" varchar,
  	"is_active" boolean DEFAULT true NOT NULL,
  	"pricing_mode" "enum_releases_pricing_mode" DEFAULT 'fixed' NOT NULL,
  	"price_cents" numeric,
  	"minimum_cents" numeric,
  	"suggested_cents" numeric,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	CONSTRAINT "releases_cents_whole" CHECK (
  	  ("price_cents" IS NULL OR ("price_cents" >= 0 AND "price_cents" = trunc("price_cents")))
  	  AND ("minimum_cents" IS NULL OR ("minimum_cents" >= 0 AND "minimum_cents" = trunc("minimum_cents")))
  	  AND ("suggested_cents" IS NULL OR ("suggested_cents" >= 0 AND "suggested_cents" = trunc("suggested_cents")))),
  	CONSTRAINT "releases_pricing_complete" CHECK (
  	  ("pricing_mode" = 'fixed' AND "price_cents" IS NOT NULL)
  	  OR ("pricing_mode" = 'nameYourPrice' AND "minimum_cents" IS NOT NULL
  	      AND ("suggested_cents" IS NULL OR "suggested_cents" >= "minimum_cents")))
  );

  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "releases_id" uuid;
  CREATE UNIQUE INDEX "releases_slug_idx" ON "releases" USING btree ("slug");
  CREATE INDEX "releases_release_date_idx" ON "releases" USING btree ("release_date");
  CREATE INDEX "releases_updated_at_idx" ON "releases" USING btree ("updated_at");
  CREATE INDEX "releases_created_at_idx" ON "releases" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_releases_fk" FOREIGN KEY ("releases_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "payload_locked_documents_rels_releases_id_idx" ON "payload_locked_documents_rels" USING btree ("releases_id");`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_releases_fk";
  DROP INDEX "payload_locked_documents_rels_releases_id_idx";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "releases_id";
  DROP TABLE "releases" CASCADE;
  DROP TYPE "public"."enum_releases_pricing_mode";
  DROP TYPE "public"."enum_releases_type";`)
}
