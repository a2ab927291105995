import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Sign-in sessions (refresh-token families and their rotating tokens), password reset tokens,
 * the sign-in lock-out state, and the profile's Employment Service Provider flag.
 * Tokens are stored only as SHA-256 hashes.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('users').addColumn('employment_service_provider', 'integer').execute()

  // One family per sign-in: every refresh token rotated from it belongs to it, and reusing a spent
  // token revokes the whole family.
  await db.schema
    .createTable('refresh_token_families')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('client_id', 'text', (col) => col.notNull())
    .addColumn('created_at', 'text', (col) => col.notNull())
    /** The absolute expiry: no rotation extends it. */
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_reason', 'text')
    .execute()
  await db.schema
    .createIndex('refresh_token_families_user_idx')
    .on('refresh_token_families')
    .column('user_id')
    .execute()

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('family_id', 'text', (col) =>
      col.notNull().references('refresh_token_families.id').onDelete('cascade'),
    )
    .addColumn('created_at', 'text', (col) => col.notNull())
    /** The idle expiry: a token unused this long is dead. */
    .addColumn('expires_at', 'text', (col) => col.notNull())
    /** Set when the token is rotated; presenting it again is reuse. */
    .addColumn('used_at', 'text')
    .execute()
  await db.schema.createIndex('refresh_tokens_family_idx').on('refresh_tokens').column('family_id').execute()

  await db.schema
    .createTable('password_reset_tokens')
    .addColumn('token_hash', 'text', (col) => col.primaryKey())
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema
    .createIndex('password_reset_tokens_user_idx')
    .on('password_reset_tokens')
    .column('user_id')
    .execute()

  // Failed sign-ins per account and per IP address, with a lock that grows on each repeat.
  await db.schema
    .createTable('login_throttle')
    .addColumn('key', 'text', (col) => col.primaryKey())
    .addColumn('failures', 'integer', (col) => col.notNull())
    .addColumn('window_ends_at', 'text', (col) => col.notNull())
    .addColumn('locked_until', 'text')
    .addColumn('lockouts', 'integer', (col) => col.notNull())
    /** When the lockout count is forgotten (a day after the last lock). */
    .addColumn('forget_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('login_throttle_forget_at_idx')
    .on('login_throttle')
    .column('forget_at')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'login_throttle',
    'password_reset_tokens',
    'refresh_tokens',
    'refresh_token_families',
  ]) {
    await db.schema.dropTable(table).execute()
  }
  await db.schema.alterTable('users').dropColumn('employment_service_provider').execute()
}
