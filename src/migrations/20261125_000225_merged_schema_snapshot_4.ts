import { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-postgres'

/**
 * No database change. The option-title migration and the shop migrations (discount codes,
 * shipping zones, order tracking) were written side by side, so neither snapshot holds the
 * other's columns; this migration's snapshot (the .json beside it) records the whole schema, so
 * the next `payload migrate:create` compares against the truth.
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
