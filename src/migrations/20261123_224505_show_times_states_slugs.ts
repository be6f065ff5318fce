import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { showSlugBase } from '@/modules/shows/contract/showSlug'
import { FALLBACK_TIME_ZONE, isTimeZone, showStartsAt } from '@/platform/time/showTime'

type Row = { id: string | number; title: string; date: Date | string; time: string | null }

/**
 * Shows get a time zone, a derived start time, a state (scheduled), a previous date and stream URL
 * for rescheduled and moved-online shows, a slug for their page and a change counter for the
 * calendar feed; the band profile gets the site's time zone. Existing shows are filled in: the
 * site's time zone (SITE_TIME_ZONE, else UTC), the start read from their time text, and a slug
 * from their title and day (oldest first, "-2", "-3"… when taken).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_shows_status" AS ENUM('scheduled', 'soldOut', 'cancelled', 'postponed', 'rescheduled', 'movedOnline');
  ALTER TABLE "shows" ADD COLUMN "time_zone" varchar;
  ALTER TABLE "shows" ADD COLUMN "starts_at" timestamp(3) with time zone;
  ALTER TABLE "shows" ADD COLUMN "status" "enum_shows_status" DEFAULT 'scheduled' NOT NULL;
  ALTER TABLE "shows" ADD COLUMN "previous_date" timestamp(3) with time zone;
  ALTER TABLE "shows" ADD COLUMN "stream_url" varchar;
  ALTER TABLE "shows" ADD COLUMN "slug" varchar;
  ALTER TABLE "shows" ADD COLUMN "sequence" numeric DEFAULT 0;
  ALTER TABLE "band_profile" ADD COLUMN "time_zone" varchar;
  CREATE INDEX "shows_starts_at_idx" ON "shows" USING btree ("starts_at");
  CREATE UNIQUE INDEX "shows_slug_idx" ON "shows" USING btree ("slug");`)

  const envZone = process.env.SITE_TIME_ZONE?.trim()
  const timeZone = isTimeZone(envZone) ? envZone : FALLBACK_TIME_ZONE
  const { rows } = (await db.execute(
    sql`SELECT "id", "title", "date", "time" FROM "shows" ORDER BY "created_at", "id"`,
  )) as unknown as { rows: Row[] }
  const taken = new Set<string>()
  for (const row of rows) {
    const base = showSlugBase(row.title, row.date)
    let slug = base
    for (let n = 2; taken.has(slug); n++) slug = `${base}-${n}`
    taken.add(slug)
    const startsAt = showStartsAt(row.date, row.time, timeZone)
    await db.execute(sql`
      UPDATE "shows" SET "slug" = ${slug}, "time_zone" = ${timeZone}, "starts_at" = ${startsAt}, "sequence" = 0
      WHERE "id" = ${row.id}`)
  }
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   DROP INDEX "shows_starts_at_idx";
  DROP INDEX "shows_slug_idx";
  ALTER TABLE "shows" DROP COLUMN "time_zone";
  ALTER TABLE "shows" DROP COLUMN "starts_at";
  ALTER TABLE "shows" DROP COLUMN "status";
  ALTER TABLE "shows" DROP COLUMN "previous_date";
  ALTER TABLE "shows" DROP COLUMN "stream_url";
  ALTER TABLE "shows" DROP COLUMN "slug";
  ALTER TABLE "shows" DROP COLUMN "sequence";
  ALTER TABLE "band_profile" DROP COLUMN "time_zone";
  DROP TYPE "public"."enum_shows_status";`)
}
