import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Paying a declined order again. An order whose payment was declined can be paid again by the
 * browser that placed it: it goes back to pending with a new payment attempt, whose number makes
 * the provider's request ids of that attempt its own (a retry of one attempt never pays twice,
 * and a new attempt is never answered with the old attempt's decline).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "orders" ADD COLUMN "payment_attempt" numeric DEFAULT 0 NOT NULL;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "orders" DROP COLUMN "payment_attempt";`)
}
