import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * Discount codes, and on each order the code it used and what the code took off. Amounts are
 * numeric(10,2) like every money column; a code's use count never goes below zero.
 */
export async function up({ db }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_discount_codes_kind" AS ENUM('percent', 'amount', 'freeShipping');
  CREATE TABLE "discount_codes" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"code" varchar NOT NULL,
  	"kind" "enum_discount_codes_kind" NOT NULL,
  	"value" numeric,
  	"min_subtotal" numeric,
  	"starts_at" timestamp(3) with time zone,
  	"ends_at" timestamp(3) with time zone,
  	"max_uses" numeric,
  	"once_per_email" boolean DEFAULT false NOT NULL,
  	"product_ids" jsonb,
  	"uses" numeric DEFAULT 0 NOT NULL,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "orders" ADD COLUMN "discount_amount" numeric DEFAULT 0 NOT NULL;
  ALTER TABLE "orders" ADD COLUMN "discount_code_id" uuid;
  ALTER TABLE "orders" ADD COLUMN "discount_code_text" varchar;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "discount_codes_id" uuid;
  CREATE UNIQUE INDEX "discount_codes_code_idx" ON "discount_codes" USING btree ("code");
  CREATE INDEX "discount_codes_updated_at_idx" ON "discount_codes" USING btree ("updated_at");
  CREATE INDEX "discount_codes_created_at_idx" ON "discount_codes" USING btree ("created_at");
  ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_code_id_discount_codes_id_fk" FOREIGN KEY ("discount_code_id") REFERENCES "public"."discount_codes"("id") ON DELETE set null ON UPDATE no action;
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_discount_codes_fk" FOREIGN KEY ("discount_codes_id") REFERENCES "public"."discount_codes"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "orders_discount_code_idx" ON "orders" USING btree ("discount_code_id");
  CREATE INDEX "payload_locked_documents_rels_discount_codes_id_idx" ON "payload_locked_documents_rels" USING btree ("discount_codes_id");
  ALTER TABLE "orders" ALTER COLUMN "discount_amount" TYPE numeric(10,2);
  ALTER TABLE "discount_codes" ALTER COLUMN "min_subtotal" TYPE numeric(10,2);
  ALTER TABLE "discount_codes" ADD CONSTRAINT "discount_codes_uses_not_negative" CHECK ("uses" >= 0);
  ALTER TABLE "orders" ADD CONSTRAINT "orders_discount_amount_not_negative" CHECK ("discount_amount" >= 0);`)
}

export async function down({ db }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
   ALTER TABLE "discount_codes" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "discount_codes" CASCADE;
  ALTER TABLE "orders" DROP CONSTRAINT "orders_discount_code_id_discount_codes_id_fk";
  
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_discount_codes_fk";
  
  DROP INDEX "orders_discount_code_idx";
  DROP INDEX "payload_locked_documents_rels_discount_codes_id_idx";
  ALTER TABLE "orders" DROP COLUMN "discount_amount";
  ALTER TABLE "orders" DROP COLUMN "discount_code_id";
  ALTER TABLE "orders" DROP COLUMN "discount_code_text";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "discount_codes_id";
  DROP TYPE "public"."enum_discount_codes_kind";`)
}
