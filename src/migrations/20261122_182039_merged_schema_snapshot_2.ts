import { MigrateUpArgs, MigrateDownArgs } from '@payloadcms/db-postgres'

/**
 * No database change. The invitation migration and the admin list indexes were written side by
 * side, so the later snapshot lacks the users table's invitation columns; this migration's
 * snapshot (the .json beside it) records the whole schema, so the next `payload migrate:create`
 * compares against the truth.
 */
export async function up(_args: MigrateUpArgs): Promise<void> {}

export async function down(_args: MigrateDownArgs): Promise<void> {}
