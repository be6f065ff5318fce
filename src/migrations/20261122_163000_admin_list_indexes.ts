import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Indexes for the team's paged lists (newest first, with the id breaking ties), the subscribers'
 * email-prefix search, and the Orders overview's paid orders by the day their money came in.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE INDEX IF NOT EXISTS "orders_created_at_id_idx" ON "orders" USING btree ("created_at" DESC, "id" DESC);
  CREATE INDEX IF NOT EXISTS "orders_status_created_at_id_idx" ON "orders" USING btree ("status", "created_at" DESC, "id" DESC);
  CREATE INDEX IF NOT EXISTS "orders_paid_day_idx" ON "orders" USING btree ((COALESCE("paid_at", "created_at")))
    WHERE "status" IN ('paid', 'shipped', 'completed');
  CREATE INDEX IF NOT EXISTS "subscribers_created_at_id_idx" ON "subscribers" USING btree ("created_at" DESC, "id" DESC);
  CREATE INDEX IF NOT EXISTS "subscribers_email_prefix_idx" ON "subscribers" USING btree ("email" text_pattern_ops);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP INDEX IF EXISTS "subscribers_email_prefix_idx";
  DROP INDEX IF EXISTS "subscribers_created_at_id_idx";
  DROP INDEX IF EXISTS "orders_paid_day_idx";
  DROP INDEX IF EXISTS "orders_status_created_at_id_idx";
  DROP INDEX IF EXISTS "orders_created_at_id_idx";`)
}
