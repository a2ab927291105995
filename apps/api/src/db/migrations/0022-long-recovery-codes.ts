import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Recovery codes were ten characters (about 49 bits) kept as an unsalted SHA-256: anyone who read the table
 * could try every code. New codes have about 119 bits (docs/decisions/031); the old ones are deleted, and the
 * Security section then says that no recovery codes are left and offers new ones. The authenticator app and
 * passkeys go on working.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.deleteFrom('recovery_codes').execute()
}

export async function down(): Promise<void> {
  // The deleted codes cannot come back: each person makes new ones.
}
