import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

import { FALLBACK_TIME_ZONE, isTimeZone, showStartsAt } from '@/platform/time/showTime'

type Row = {
  id: string
  date: Date | string
  time: string | null
  time_zone: string | null
  starts_at: Date | string | null
}

const instant = (v: Date | string | null) => (v === null ? null : new Date(v).toISOString())

/** The band's time zone as the shows read it: the band profile's, else SITE_TIME_ZONE, else UTC. */
async function bandZones(db: MigrateUpArgs['db']): Promise<{ band: string; site: string }> {
  const envZone = process.env.SITE_TIME_ZONE?.trim()
  const site = isTimeZone(envZone) ? envZone : FALLBACK_TIME_ZONE
  const { rows } = (await db.execute(sql`SELECT "time_zone" FROM "band_profile" LIMIT 1`)) as unknown as {
    rows: { time_zone: string | null }[]
  }
  const profile = rows[0]?.time_zone
  return { band: isTimeZone(profile) ? profile : site, site }
}

/**
 * A show without a time zone of its own now keeps none (null) and follows the band's, also when
 * the band's changes. Until now a show written without one was given the zone in force at that
 * moment: the band profile's, else SITE_TIME_ZONE, else UTC; so a zone equal to one of those was
 * almost always filled in rather than chosen. Those shows follow the band's from now on (a show
 * whose zone is the band's own reads the same; one left in UTC because the band had no zone then
 * moves to the band's). A show with any other zone keeps it. The start of every show that now
 * follows the band is read again in the band's zone, and a show whose start moves gets a new
 * calendar revision, so calendar apps update it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  const { band, site } = await bandZones(db)
  const filledIn = new Set([FALLBACK_TIME_ZONE, site, band])
  const { rows } = (await db.execute(
    sql`SELECT "id", "date", "time", "time_zone", "starts_at" FROM "shows"`,
  )) as unknown as { rows: Row[] }
  for (const row of rows) {
    if (row.time_zone?.trim() && !filledIn.has(row.time_zone)) continue
    const startsAt = showStartsAt(row.date, row.time, band)
    const moved = startsAt !== instant(row.starts_at)
    await db.execute(sql`
      UPDATE "shows" SET "time_zone" = NULL, "starts_at" = ${startsAt},
        "sequence" = COALESCE("sequence", 0) + ${moved ? 1 : 0}
      WHERE "id" = ${row.id}`)
  }
}

/** Shows that follow the band get its zone written in, as before. */
export async function down({ db }: MigrateDownArgs): Promise<void> {
  const { band } = await bandZones(db)
  await db.execute(sql`UPDATE "shows" SET "time_zone" = ${band} WHERE "time_zone" IS NULL OR "time_zone" = ''`)
}
