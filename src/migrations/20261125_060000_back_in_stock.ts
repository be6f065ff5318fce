import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Back-in-stock alerts. A fan leaves an email address on a sold-out size (or a sold-out product
 * without sizes): one waiting row per item and address. When that item's stock rises from zero or
 * below to above zero, a trigger marks its waiting rows due, whichever way the stock came back
 * (dashboard, /cms, count-out, a refund); the job runner claims each due row and queues
 * its one email in the same transaction, so each fan is told once, whichever instance runs it.
 * A fan can stop their alerts (`stopped_at`); a stopped or announced row frees the address to
 * wait again.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "stock_waits" (
    "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
    "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
    "product_option_id" uuid REFERENCES "product_options"("id") ON DELETE CASCADE,
    "item_id" uuid NOT NULL,
    "email" varchar NOT NULL,
    "created_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "due_at" timestamp(3) with time zone,
    "notified_at" timestamp(3) with time zone,
    "stopped_at" timestamp(3) with time zone
  );
  CREATE UNIQUE INDEX "stock_waits_one_per_address" ON "stock_waits" ("item_id", lower("email"))
    WHERE "notified_at" IS NULL AND "stopped_at" IS NULL;
  CREATE INDEX "stock_waits_due_idx" ON "stock_waits" USING btree ("due_at")
    WHERE "due_at" IS NOT NULL AND "notified_at" IS NULL AND "stopped_at" IS NULL;
  CREATE INDEX "stock_waits_product_idx" ON "stock_waits" USING btree ("product_id");
  CREATE FUNCTION "stock_back"() RETURNS trigger LANGUAGE plpgsql AS $$
  BEGIN
    IF NEW.inventory > 0 AND OLD.inventory <= 0 THEN
      UPDATE stock_waits SET due_at = now()
        WHERE item_id = NEW.id AND due_at IS NULL AND notified_at IS NULL AND stopped_at IS NULL;
    ELSIF NEW.inventory <= 0 THEN
      -- Sold out again before the emails went: they wait for the next restock.
      UPDATE stock_waits SET due_at = NULL
        WHERE item_id = NEW.id AND due_at IS NOT NULL AND notified_at IS NULL AND stopped_at IS NULL;
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER "products_stock_back" AFTER UPDATE OF "inventory" ON "products"
    FOR EACH ROW WHEN (OLD.inventory IS DISTINCT FROM NEW.inventory) EXECUTE FUNCTION "stock_back"();
  CREATE TRIGGER "product_options_stock_back" AFTER UPDATE OF "inventory" ON "product_options"
    FOR EACH ROW WHEN (OLD.inventory IS DISTINCT FROM NEW.inventory) EXECUTE FUNCTION "stock_back"();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "product_options_stock_back" ON "product_options";
  DROP TRIGGER IF EXISTS "products_stock_back" ON "products";
  DROP FUNCTION IF EXISTS "stock_back"();
  DROP TABLE IF EXISTS "stock_waits";`)
}
