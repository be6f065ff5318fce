import { MigrateUpArgs, MigrateDownArgs, sql } from '@payloadcms/db-postgres'

/**
 * The newsletter: subscriber states and their consent record, campaigns, and the tables the
 * sending engine works in (one row per recipient of a campaign, the instances sending, and the
 * shared pace). Subscribers already here become `confirmed` (`unsubscribed` when the team had
 * made them inactive), with `source = 'legacy'`: their consent was given before sign-ups were
 * confirmed, so they have no confirmation time.
 */
export async function up({ db, payload, req }: MigrateUpArgs): Promise<void> {
  await db.execute(sql`
   CREATE TYPE "public"."enum_subscribers_status" AS ENUM('pending', 'confirmed', 'unsubscribed', 'bounced');
  CREATE TYPE "public"."enum_subscribers_source" AS ENUM('form', 'import', 'legacy');
  CREATE TYPE "public"."enum_campaigns_status" AS ENUM('draft', 'scheduled', 'sending', 'paused', 'sent', 'cancelled');
  CREATE TABLE "campaigns" (
  	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  	"subject" varchar NOT NULL,
  	"body" varchar NOT NULL,
  	"audience_city" varchar,
  	"audience_state" varchar,
  	"status" "enum_campaigns_status" DEFAULT 'draft' NOT NULL,
  	"scheduled_at" timestamp(3) with time zone,
  	"started_at" timestamp(3) with time zone,
  	"finished_at" timestamp(3) with time zone,
  	"pause_reason" varchar,
  	"first_attempts" numeric DEFAULT 0 NOT NULL,
  	"first_failures" numeric DEFAULT 0 NOT NULL,
  	"show_id" varchar,
  	"updated_at" timestamp(3) with time zone DEFAULT now() NOT NULL,
  	"created_at" timestamp(3) with time zone DEFAULT now() NOT NULL
  );
  
  ALTER TABLE "subscribers" ALTER COLUMN "is_active" SET DEFAULT false;
  ALTER TABLE "subscribers" ADD COLUMN "status" "enum_subscribers_status" DEFAULT 'pending' NOT NULL;
  ALTER TABLE "subscribers" ADD COLUMN "source" "enum_subscribers_source" DEFAULT 'form' NOT NULL;
  ALTER TABLE "subscribers" ADD COLUMN "signed_up_at" timestamp(3) with time zone;
  ALTER TABLE "subscribers" ADD COLUMN "confirmed_at" timestamp(3) with time zone;
  ALTER TABLE "subscribers" ADD COLUMN "unsubscribed_at" timestamp(3) with time zone;
  ALTER TABLE "subscribers" ADD COLUMN "bounced_at" timestamp(3) with time zone;
  ALTER TABLE "subscribers" ADD COLUMN "city" varchar;
  ALTER TABLE "subscribers" ADD COLUMN "state" varchar;
  ALTER TABLE "subscribers" ADD COLUMN "confirm_token_hash" varchar;
  ALTER TABLE "subscribers" ADD COLUMN "confirm_sent_at" timestamp(3) with time zone;
  ALTER TABLE "payload_locked_documents_rels" ADD COLUMN "campaigns_id" uuid;
  CREATE INDEX "campaigns_status_idx" ON "campaigns" USING btree ("status");
  CREATE INDEX "campaigns_show_id_idx" ON "campaigns" USING btree ("show_id");
  CREATE INDEX "campaigns_updated_at_idx" ON "campaigns" USING btree ("updated_at");
  CREATE INDEX "campaigns_created_at_idx" ON "campaigns" USING btree ("created_at");
  ALTER TABLE "payload_locked_documents_rels" ADD CONSTRAINT "payload_locked_documents_rels_campaigns_fk" FOREIGN KEY ("campaigns_id") REFERENCES "public"."campaigns"("id") ON DELETE cascade ON UPDATE no action;
  CREATE INDEX "subscribers_status_idx" ON "subscribers" USING btree ("status");
  CREATE INDEX "subscribers_confirm_token_hash_idx" ON "subscribers" USING btree ("confirm_token_hash");
  CREATE INDEX "payload_locked_documents_rels_campaigns_id_idx" ON "payload_locked_documents_rels" USING btree ("campaigns_id");`)
  await db.execute(sql`
  UPDATE "subscribers" SET
    "status" = CASE WHEN "is_active" THEN 'confirmed'::"enum_subscribers_status" ELSE 'unsubscribed'::"enum_subscribers_status" END,
    "source" = 'legacy',
    "signed_up_at" = "created_at",
    "unsubscribed_at" = CASE WHEN "is_active" THEN NULL ELSE "updated_at" END;
  CREATE TABLE "campaign_recipients" (
    "campaign_id" uuid NOT NULL REFERENCES "campaigns"("id") ON DELETE CASCADE,
    "subscriber_id" uuid NOT NULL REFERENCES "subscribers"("id") ON DELETE CASCADE,
    "email" varchar NOT NULL,
    "status" varchar(10) NOT NULL DEFAULT 'queued' CHECK ("status" IN ('queued', 'sending', 'sent', 'failed', 'skipped')),
    "attempts" integer NOT NULL DEFAULT 0,
    "next_attempt_at" timestamp(3) with time zone NOT NULL DEFAULT now(),
    "claimed_by" varchar,
    "claimed_at" timestamp(3) with time zone,
    "sent_at" timestamp(3) with time zone,
    "error" varchar,
    PRIMARY KEY ("campaign_id", "subscriber_id")
  );
  CREATE INDEX "campaign_recipients_due_idx" ON "campaign_recipients" USING btree ("campaign_id", "next_attempt_at") WHERE "status" = 'queued';
  CREATE INDEX "campaign_recipients_claimed_idx" ON "campaign_recipients" USING btree ("claimed_by") WHERE "status" = 'sending';
  CREATE INDEX "campaign_recipients_subscriber_idx" ON "campaign_recipients" USING btree ("subscriber_id");
  CREATE TABLE "newsletter_workers" ("id" varchar PRIMARY KEY, "seen_at" timestamp(3) with time zone NOT NULL DEFAULT now());
  CREATE TABLE "newsletter_pace" ("id" integer PRIMARY KEY, "next_at" timestamp(3) with time zone NOT NULL DEFAULT now());
  INSERT INTO "newsletter_pace" ("id") VALUES (1);`)
}

export async function down({ db, payload, req }: MigrateDownArgs): Promise<void> {
  await db.execute(sql`
  DROP TABLE "newsletter_pace";
  DROP TABLE "newsletter_workers";
  DROP TABLE "campaign_recipients";
   ALTER TABLE "campaigns" DISABLE ROW LEVEL SECURITY;
  DROP TABLE "campaigns" CASCADE;
  ALTER TABLE "payload_locked_documents_rels" DROP CONSTRAINT "payload_locked_documents_rels_campaigns_fk";
  
  DROP INDEX "subscribers_status_idx";
  DROP INDEX "subscribers_confirm_token_hash_idx";
  DROP INDEX "payload_locked_documents_rels_campaigns_id_idx";
  ALTER TABLE "subscribers" ALTER COLUMN "is_active" SET DEFAULT true;
  ALTER TABLE "subscribers" DROP COLUMN "status";
  ALTER TABLE "subscribers" DROP COLUMN "source";
  ALTER TABLE "subscribers" DROP COLUMN "signed_up_at";
  ALTER TABLE "subscribers" DROP COLUMN "confirmed_at";
  ALTER TABLE "subscribers" DROP COLUMN "unsubscribed_at";
  ALTER TABLE "subscribers" DROP COLUMN "bounced_at";
  ALTER TABLE "subscribers" DROP COLUMN "city";
  ALTER TABLE "subscribers" DROP COLUMN "state";
  ALTER TABLE "subscribers" DROP COLUMN "confirm_token_hash";
  ALTER TABLE "subscribers" DROP COLUMN "confirm_sent_at";
  ALTER TABLE "payload_locked_documents_rels" DROP COLUMN "campaigns_id";
  DROP TYPE "public"."enum_subscribers_status";
  DROP TYPE "public"."enum_subscribers_source";
  DROP TYPE "public"."enum_campaigns_status";`)
}
