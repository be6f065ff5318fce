import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The merch table: till links per show (only a SHA-256 of each link's token is kept), the sales
 * rung up at the table (their id is made on the phone, so a sale sent twice is one row), their
 * lines (what each took from the shop's stock and what it sold beyond it), the count-in and
 * count-out of the show's box, and the show's merch settings (the venue's cut, the counted cash).
 * Money is in integer cents. These are plain tables: the team and the tills reach them through
 * their own routes only.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "tills" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "show_id" uuid NOT NULL REFERENCES "shows"("id") ON DELETE CASCADE,
    "token_hash" varchar(64) NOT NULL UNIQUE,
    "expires_at" timestamp(3) with time zone NOT NULL,
    "revoked_at" timestamp(3) with time zone,
    "created_by" uuid REFERENCES "users"("id") ON DELETE SET NULL,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "tills_show_idx" ON "tills" USING btree ("show_id");
  CREATE TABLE "show_merch" (
    "show_id" uuid PRIMARY KEY REFERENCES "shows"("id") ON DELETE CASCADE,
    "venue_cut_basis_points" integer DEFAULT 0 NOT NULL CHECK ("venue_cut_basis_points" BETWEEN 0 AND 10000),
    "cash_counted_cents" integer CHECK ("cash_counted_cents" >= 0),
    "counted_in_at" timestamp(3) with time zone,
    "counted_out_at" timestamp(3) with time zone
  );
  CREATE TABLE "till_sales" (
    "id" uuid PRIMARY KEY NOT NULL,
    "show_id" uuid NOT NULL REFERENCES "shows"("id") ON DELETE RESTRICT,
    "till_id" uuid NOT NULL REFERENCES "tills"("id") ON DELETE RESTRICT,
    "sold_at" timestamp(3) with time zone NOT NULL,
    "payment" varchar(4) NOT NULL CHECK ("payment" IN ('cash', 'card')),
    "subtotal_cents" integer NOT NULL CHECK ("subtotal_cents" >= 0),
    "discount_cents" integer DEFAULT 0 NOT NULL CHECK ("discount_cents" >= 0),
    "discount_reason" varchar,
    "comp_reason" varchar,
    "total_cents" integer NOT NULL CHECK ("total_cents" >= 0),
    "body_hash" varchar(64) NOT NULL,
    "voided_at" timestamp(3) with time zone,
    "void_reason" varchar,
    "received_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  CREATE INDEX "till_sales_show_idx" ON "till_sales" USING btree ("show_id", "sold_at");
  CREATE INDEX "till_sales_received_idx" ON "till_sales" USING btree ("received_at");
  CREATE TABLE "till_sale_lines" (
    "sale_id" uuid NOT NULL REFERENCES "till_sales"("id") ON DELETE CASCADE,
    "line" integer NOT NULL,
    "product_id" uuid NOT NULL,
    "product_option_id" uuid,
    "title" varchar NOT NULL,
    "quantity" integer NOT NULL CHECK ("quantity" > 0),
    "unit_price_cents" integer NOT NULL CHECK ("unit_price_cents" >= 0),
    "source" varchar(5) NOT NULL CHECK ("source" IN ('stock', 'box')),
    "taken" integer DEFAULT 0 NOT NULL CHECK ("taken" >= 0),
    "oversold" integer DEFAULT 0 NOT NULL CHECK ("oversold" >= 0),
    PRIMARY KEY ("sale_id", "line")
  );
  CREATE TABLE "show_counts" (
    "show_id" uuid NOT NULL REFERENCES "shows"("id") ON DELETE CASCADE,
    "kind" varchar(3) NOT NULL CHECK ("kind" IN ('in', 'out')),
    "item_id" uuid NOT NULL,
    "product_id" uuid NOT NULL,
    "product_option_id" uuid,
    "title" varchar NOT NULL,
    "quantity" integer NOT NULL CHECK ("quantity" >= 0),
    "stock_moved" integer DEFAULT 0 NOT NULL CHECK ("stock_moved" >= 0),
    PRIMARY KEY ("show_id", "kind", "item_id")
  );`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE IF EXISTS "show_counts";
  DROP TABLE IF EXISTS "till_sale_lines";
  DROP TABLE IF EXISTS "till_sales";
  DROP TABLE IF EXISTS "show_merch";
  DROP TABLE IF EXISTS "tills";`)
}
