import type { Kysely } from 'kysely'
import { dialectOf } from '../dialect.ts'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Company customer accounts (ADR 045, requirements §18): the account an approved credit application opens, its
 * members (a user with a role on it), the job sites it keeps, the sites a Site supervisor is given, and the
 * invitations to join it. Account numbers ('SW-10042') come from the one row of `customer_account_counters`,
 * advanced in the transaction that opens the account, so they have no gaps and no duplicates; the unique index
 * is the last guard.
 *
 * Money is integer cents (a $10,000,000 limit is 1,000,000,000 cents: inside a 32-bit `integer`). Flags are
 * 0/1 integers and instants ISO 8601 UTC text, as everywhere else.
 */
export async function up(db: AnyDb): Promise<void> {
  const postgres = dialectOf(db) === 'postgres'
  const id = (name: string) => (table: ReturnType<AnyDb['schema']['createTable']>) =>
    table.addColumn(name, 'integer', (col) =>
      postgres ? col.generatedByDefaultAsIdentity().primaryKey() : col.primaryKey().autoIncrement(),
    )

  await db.schema
    .createTable('customer_account_counters')
    .addColumn('name', 'text', (col) => col.primaryKey())
    .addColumn('last_number', 'integer', (col) => col.notNull())
    .execute()

  await id('id')(db.schema.createTable('customer_accounts'))
    .addColumn('account_number', 'text', (col) => col.notNull().unique())
    .addColumn('credit_application_id', 'integer', (col) =>
      col.notNull().unique().references('credit_applications.id'),
    )
    /** The application's reference as it was (references never change): the back office links to it. */
    .addColumn('credit_application_reference', 'text', (col) => col.notNull())
    .addColumn('legal_name', 'text', (col) => col.notNull())
    .addColumn('trading_name', 'text', (col) => col.notNull())
    .addColumn('abn', 'text', (col) => col.notNull())
    /** The ABN's 11 digits, for search. */
    .addColumn('abn_digits', 'text', (col) => col.notNull())
    .addColumn('acn', 'text')
    .addColumn('credit_limit_cents', 'integer', (col) => col.notNull())
    .addColumn('payment_terms_days', 'integer', (col) => col.notNull())
    .addColumn('billing_email', 'text', (col) => col.notNull())
    /** The application's invoice delivery choice: 0 email, 1 fax, 2 post. */
    .addColumn('invoice_delivery', 'integer', (col) => col.notNull())
    .addColumn('po_required', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('on_hold', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('hold_reason', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('customer_accounts_hold_idx')
    .on('customer_accounts')
    .columns(['on_hold', 'account_number'])
    .execute()

  await id('id')(db.schema.createTable('customer_account_members'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('customer_accounts.id'))
    .addColumn('user_id', 'integer', (col) => col.notNull().references('users.id'))
    /** account_admin | orderer | site_supervisor | accounts. */
    .addColumn('role', 'text', (col) => col.notNull())
    /** An Orderer's approval limit per order in cents; null for no limit. */
    .addColumn('approval_limit_cents', 'integer')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addUniqueConstraint('customer_account_members_account_user_uq', ['account_id', 'user_id'])
    .execute()
  // The portal reads a user's accounts.
  await db.schema
    .createIndex('customer_account_members_user_idx')
    .on('customer_account_members')
    .column('user_id')
    .execute()

  await id('id')(db.schema.createTable('customer_account_sites'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('customer_accounts.id'))
    .addColumn('name', 'text', (col) => col.notNull())
    .addColumn('full_address', 'text', (col) => col.notNull())
    .addColumn('unit_number', 'text')
    .addColumn('street_number', 'text')
    .addColumn('street_name', 'text')
    .addColumn('city', 'text')
    .addColumn('state', 'text')
    .addColumn('postcode', 'text')
    .addColumn('default_po', 'text')
    .addColumn('contact_name', 'text')
    .addColumn('contact_phone', 'text')
    .addColumn('version', 'integer', (col) => col.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .execute()
  await db.schema
    .createIndex('customer_account_sites_account_idx')
    .on('customer_account_sites')
    .columns(['account_id', 'name'])
    .execute()

  await db.schema
    .createTable('customer_account_member_sites')
    .addColumn('member_id', 'integer', (col) =>
      col.notNull().references('customer_account_members.id').onDelete('cascade'),
    )
    .addColumn('site_id', 'integer', (col) =>
      col.notNull().references('customer_account_sites.id').onDelete('cascade'),
    )
    .addPrimaryKeyConstraint('customer_account_member_sites_pk', ['member_id', 'site_id'])
    .execute()

  await id('id')(db.schema.createTable('customer_account_invitations'))
    .addColumn('account_id', 'integer', (col) => col.notNull().references('customer_accounts.id'))
    /** SHA-256 of the emailed link's token; the token itself is never stored. */
    .addColumn('token_hash', 'text', (col) => col.notNull().unique())
    .addColumn('email', 'text', (col) => col.notNull())
    .addColumn('role', 'text', (col) => col.notNull())
    /** JSON array of site ids (a Site supervisor's); [] for the other roles. */
    .addColumn('site_ids', 'text', (col) => col.notNull().defaultTo('[]'))
    /** The account's first owner, invited when the application was sent signed out. */
    .addColumn('is_owner', 'integer', (col) => col.notNull().defaultTo(0))
    .addColumn('invited_by', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('expires_at', 'text', (col) => col.notNull())
    .addColumn('used_at', 'text')
    .execute()
  await db.schema
    .createIndex('customer_account_invitations_account_idx')
    .on('customer_account_invitations')
    .column('account_id')
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  for (const table of [
    'customer_account_invitations',
    'customer_account_member_sites',
    'customer_account_sites',
    'customer_account_members',
    'customer_accounts',
    'customer_account_counters',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
