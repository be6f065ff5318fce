import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The catalogue's price history, for the merch table: a till works offline and sends its sales
 * later, each with the time it was made, so a sale's prices are checked against the prices in force
 * then, not when it arrives. One row per product and per size each time its price (the product's
 * price plus the size's adjustment, in cents) changes, from that moment; the price an item is
 * created with counts from the start, and is never overwritten (a restore copies the history in
 * before the products, whose rows then find theirs there). Triggers write the rows, whichever way
 * the price changed (dashboard, /cms, a content import); two changes in one transaction keep the last.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
  CREATE TABLE "catalogue_prices" (
    "item_id" uuid NOT NULL,
    "product_id" uuid NOT NULL REFERENCES "products"("id") ON DELETE CASCADE,
    "product_option_id" uuid REFERENCES "product_options"("id") ON DELETE CASCADE,
    "price_cents" bigint NOT NULL,
    "from_at" timestamp(3) with time zone NOT NULL,
    PRIMARY KEY ("item_id", "from_at")
  );
  CREATE INDEX "catalogue_prices_product_idx" ON "catalogue_prices" USING btree ("product_id");
  CREATE INDEX "catalogue_prices_option_idx" ON "catalogue_prices" USING btree ("product_option_id");
  INSERT INTO "catalogue_prices" (item_id, product_id, product_option_id, price_cents, from_at)
    SELECT p.id, p.id, NULL, round(coalesce(p.price, 0) * 100), '-infinity' FROM products p;
  INSERT INTO "catalogue_prices" (item_id, product_id, product_option_id, price_cents, from_at)
    SELECT o.id, p.id, o.id, round((coalesce(p.price, 0) + coalesce(o.price_adjustment, 0)) * 100), '-infinity'
    FROM product_options o JOIN products p ON p.id = o.product_id_id;
  CREATE FUNCTION "catalogue_price_change"() RETURNS trigger LANGUAGE plpgsql AS $$
  DECLARE
    since timestamptz := CASE WHEN TG_OP = 'INSERT' THEN '-infinity'::timestamptz ELSE now() END;
  BEGIN
    IF TG_TABLE_NAME = 'product_options' THEN
      INSERT INTO catalogue_prices (item_id, product_id, product_option_id, price_cents, from_at)
        SELECT NEW.id, p.id, NEW.id, round((coalesce(p.price, 0) + coalesce(NEW.price_adjustment, 0)) * 100), since
        FROM products p WHERE p.id = NEW.product_id_id
        ON CONFLICT (item_id, from_at) DO UPDATE SET price_cents = EXCLUDED.price_cents,
          product_id = EXCLUDED.product_id WHERE catalogue_prices.from_at <> '-infinity';
    ELSE
      INSERT INTO catalogue_prices (item_id, product_id, product_option_id, price_cents, from_at)
        VALUES (NEW.id, NEW.id, NULL, round(coalesce(NEW.price, 0) * 100), since)
        ON CONFLICT (item_id, from_at) DO UPDATE SET price_cents = EXCLUDED.price_cents
          WHERE catalogue_prices.from_at <> '-infinity';
      -- Each size's price follows its product's.
      INSERT INTO catalogue_prices (item_id, product_id, product_option_id, price_cents, from_at)
        SELECT o.id, NEW.id, o.id, round((coalesce(NEW.price, 0) + coalesce(o.price_adjustment, 0)) * 100), since
        FROM product_options o WHERE o.product_id_id = NEW.id
        ON CONFLICT (item_id, from_at) DO UPDATE SET price_cents = EXCLUDED.price_cents
          WHERE catalogue_prices.from_at <> '-infinity';
    END IF;
    RETURN NEW;
  END $$;
  CREATE TRIGGER "products_catalogue_price_new" AFTER INSERT ON "products"
    FOR EACH ROW EXECUTE FUNCTION "catalogue_price_change"();
  CREATE TRIGGER "products_catalogue_price" AFTER UPDATE OF "price" ON "products"
    FOR EACH ROW WHEN (OLD.price IS DISTINCT FROM NEW.price) EXECUTE FUNCTION "catalogue_price_change"();
  CREATE TRIGGER "product_options_catalogue_price_new" AFTER INSERT ON "product_options"
    FOR EACH ROW EXECUTE FUNCTION "catalogue_price_change"();
  CREATE TRIGGER "product_options_catalogue_price" AFTER UPDATE OF "price_adjustment", "product_id_id"
    ON "product_options" FOR EACH ROW
    WHEN (OLD.price_adjustment IS DISTINCT FROM NEW.price_adjustment OR OLD.product_id_id IS DISTINCT FROM NEW.product_id_id)
    EXECUTE FUNCTION "catalogue_price_change"();`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TRIGGER IF EXISTS "product_options_catalogue_price" ON "product_options";
  DROP TRIGGER IF EXISTS "product_options_catalogue_price_new" ON "product_options";
  DROP TRIGGER IF EXISTS "products_catalogue_price" ON "products";
  DROP TRIGGER IF EXISTS "products_catalogue_price_new" ON "products";
  DROP FUNCTION IF EXISTS "catalogue_price_change"();
  DROP TABLE IF EXISTS "catalogue_prices";`)
}
