import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Low-stock alerts. Each product has a threshold (3 unless set). When the stock of a size (or of
 * a product without sizes) falls from above its product's threshold to it or below, a trigger
 * records one alert row; the job runner emails the notification addresses once for it. Stock that
 * rises above the threshold again deletes the row, so the next fall is a new crossing: one email
 * per crossing, never one per sale, whichever way the stock moved (web payment, merch table,
 * count-in, dashboard, /cms).
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  ALTER TABLE "products" ADD COLUMN "low_stock_threshold" numeric DEFAULT 3 NOT NULL;
  ALTER TABLE "products" ADD CONSTRAINT "products_low_stock_threshold_whole"
    CHECK ("low_stock_threshold" >= 0 AND "low_stock_threshold" = trunc("low_stock_threshold"));
  CREATE TABLE "low_stock_alerts" (
    "item_id" uuid PRIMARY KEY NOT NULL,
    "product_id" uuid NOT NULL,
    "title" varchar NOT NULL,
    "inventory" integer NOT NULL,
    "threshold" integer NOT NULL,
    "crossed_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
    "notified_at" timestamp(3) with time zone
  );
  CREATE INDEX "low_stock_alerts_due_idx" ON "low_stock_alerts" USING btree ("crossed_at") WHERE "notified_at" IS NULL;
  CREATE FUNCTION "low_stock_crossing"() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    limit_at numeric;
    owner_id uuid;
    item_title text;
    selling boolean;
  BEGIN
    IF TG_TABLE_NAME = 'product_options' THEN
      SELECT p.low_stock_threshold, p.id, p.name || ': ' || NEW.value, p.is_active AND NEW.is_active
        INTO limit_at, owner_id, item_title, selling
        FROM products p WHERE p.id = NEW.product_id_id;
    ELSE
      -- A product with sizes keeps its stock on its sizes.
      IF EXISTS (SELECT 1 FROM product_options o WHERE o.product_id_id = NEW.id) THEN
        RETURN NEW;
      END IF;
      limit_at := NEW.low_stock_threshold;
      owner_id := NEW.id;
      item_title := NEW.name;
      selling := NEW.is_active;
    END IF;
    IF limit_at IS NULL THEN
      RETURN NEW;
    END IF;
    IF NEW.inventory > limit_at THEN
      DELETE FROM low_stock_alerts WHERE item_id = NEW.id;
    ELSIF OLD.inventory > limit_at AND selling THEN
      INSERT INTO low_stock_alerts (item_id, product_id, title, inventory, threshold)
        VALUES (NEW.id, owner_id, item_title, NEW.inventory, limit_at)
        ON CONFLICT (item_id) DO NOTHING;
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER "products_low_stock" AFTER UPDATE OF "inventory" ON "products"
    FOR EACH ROW WHEN (OLD.inventory IS DISTINCT FROM NEW.inventory) EXECUTE FUNCTION "low_stock_crossing"();
  CREATE TRIGGER "product_options_low_stock" AFTER UPDATE OF "inventory" ON "product_options"
    FOR EACH ROW WHEN (OLD.inventory IS DISTINCT FROM NEW.inventory) EXECUTE FUNCTION "low_stock_crossing"();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "product_options_low_stock" ON "product_options";
  DROP TRIGGER IF EXISTS "products_low_stock" ON "products";
  DROP FUNCTION IF EXISTS "low_stock_crossing"();
  DROP TABLE IF EXISTS "low_stock_alerts";
  ALTER TABLE "products" DROP CONSTRAINT IF EXISTS "products_low_stock_threshold_whole";
  ALTER TABLE "products" DROP COLUMN IF EXISTS "low_stock_threshold";`)
}
