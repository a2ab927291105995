import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Second factors (ASVS 6.3.3, 6.5): a TOTP seed per user (sealed with a key derived from JWT_SECRET),
 * confirmed by a first code, with the last time step used so that a code works once; ten single-use
 * recovery codes (hashed); and the short-lived challenges between the password step and the code step.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable('totp_factors')
    .addColumn('user_id', 'integer', (col) => col.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('secret_sealed', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('confirmed_at', 'text')
    .addColumn('last_step', 'integer')
    .execute()
  await db.schema
    .createTable('recovery_codes')
    .addColumn('code_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema.createIndex('recovery_codes_user_idx').on('recovery_codes').column('user_id').execute()
  await db.schema
    .createTable('mfa_challenges')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('attempts', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('used_at', 'text')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable('mfa_challenges').execute()
  await db.schema.dropTable('recovery_codes').execute()
  await db.schema.dropTable('totp_factors').execute()
}
