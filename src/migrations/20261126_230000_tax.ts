import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Sales tax and VAT: one settings row (none until the team saves rates: no tax), and on each
 * order its tax in cents-exact money, its lines and whether the prices included it.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TABLE "tax_settings" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"prices_include_tax" boolean DEFAULT false,
  	"rates" jsonb,
  	"updated_at" timestamp(3) with time zone,
  	"created_at" timestamp(3) with time zone
  );
  ALTER TABLE "orders" ADD COLUMN "tax_amount" numeric(10,2) DEFAULT 0 NOT NULL;
  ALTER TABLE "orders" ADD COLUMN "tax_lines" jsonb;
  ALTER TABLE "orders" ADD COLUMN "prices_include_tax" boolean DEFAULT false;
  ALTER TABLE "orders" ADD CONSTRAINT "orders_tax_amount_not_negative" CHECK ("tax_amount" >= 0);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "orders" DROP CONSTRAINT "orders_tax_amount_not_negative";
  ALTER TABLE "orders" DROP COLUMN "prices_include_tax";
  ALTER TABLE "orders" DROP COLUMN "tax_lines";
  ALTER TABLE "orders" DROP COLUMN "tax_amount";
  DROP TABLE "tax_settings" CASCADE;`)
}
