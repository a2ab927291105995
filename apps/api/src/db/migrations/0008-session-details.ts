import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * What a person needs to recognise their own sessions in the profile's Security section (ASVS 7.5.2):
 * the browser's user agent when the session started, the address it was last used from, and when it
 * was last used (each refresh). Sessions that started before this migration show none of them.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('refresh_token_families').addColumn('user_agent', 'text').execute()
  await db.schema.alterTable('refresh_token_families').addColumn('ip', 'text').execute()
  await db.schema.alterTable('refresh_token_families').addColumn('last_used_at', 'text').execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('refresh_token_families').dropColumn('last_used_at').execute()
  await db.schema.alterTable('refresh_token_families').dropColumn('ip').execute()
  await db.schema.alterTable('refresh_token_families').dropColumn('user_agent').execute()
}
