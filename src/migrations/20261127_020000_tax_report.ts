import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The tax of merch-table sales and what the tax report needs: each till sale keeps the tax
 * included in its total (integer cents) and its lines; a show keeps the country of its venue
 * (its `state` is the region); the tax settings keep the band's own country and US state.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "till_sales" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL CHECK ("tax_cents" >= 0);
  ALTER TABLE "till_sales" ADD COLUMN "tax_lines" jsonb DEFAULT '[]'::jsonb NOT NULL;
  ALTER TABLE "shows" ADD COLUMN "country" varchar;
  ALTER TABLE "tax_settings" ADD COLUMN "home_country" varchar;
  ALTER TABLE "tax_settings" ADD COLUMN "home_region" varchar;`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "tax_settings" DROP COLUMN "home_region";
  ALTER TABLE "tax_settings" DROP COLUMN "home_country";
  ALTER TABLE "shows" DROP COLUMN "country";
  ALTER TABLE "till_sales" DROP COLUMN "tax_lines";
  ALTER TABLE "till_sales" DROP COLUMN "tax_cents";`)
}
