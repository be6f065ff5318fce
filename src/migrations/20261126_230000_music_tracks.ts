import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * A release's tracks: each has its audio master (a private storage key), a status while its
 * renditions are made (`processing`, then `ready` or `failed` with a short reason), its duration
 * once known, and how the public may listen to it (`full`, a 30-second `preview`, or `none`).
 * Deleting a release deletes its tracks.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TYPE "public"."enum_tracks_status" AS ENUM('processing', 'ready', 'failed');
  CREATE TYPE "public"."enum_tracks_streaming" AS ENUM('full', 'preview', 'none');
  CREATE TABLE "tracks" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"release_id" uuid NOT NULL REFERENCES "public"."releases"("id") ON DELETE cascade,
  	"title" varchar NOT NULL,
  	"position" integer NOT NULL CHECK ("position" >= 1),
  	"master_key" varchar NOT NULL,
  	"status" "enum_tracks_status" DEFAULT 'processing' NOT NULL,
  	"failure_reason" varchar,
  	"duration_seconds" integer CHECK ("duration_seconds" >= 0),
  	"streaming" "enum_tracks_streaming" DEFAULT 'preview' NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "tracks_release_position_idx" ON "tracks" USING btree ("release_id", "position");
  CREATE INDEX "tracks_processing_idx" ON "tracks" USING btree ("created_at") WHERE "status" = 'processing';`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "tracks";
  DROP TYPE "public"."enum_tracks_streaming";
  DROP TYPE "public"."enum_tracks_status";`)
}
