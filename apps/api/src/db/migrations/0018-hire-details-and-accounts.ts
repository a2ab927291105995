import { type Kysely, sql } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Requirements §14 and §15: a quote request's hire details (JSON, null when none were given); the account an
 * enquiry, a credit application or an application sent for signing was sent from (null when signed out); and
 * when a user's email address was last shown to be theirs (a confirmation link or a password reset), which lets
 * records sent with that address while signed out show on their account.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('enquiries').addColumn('hire_details', 'text').execute()
  await db.schema
    .alterTable('enquiries')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('credit_applications')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()
  await db.schema
    .alterTable('credit_signings')
    .addColumn('user_id', 'integer', (col) => col.references('users.id').onDelete('set null'))
    .execute()
  await db.schema.alterTable('users').addColumn('email_confirmed_at', 'text').execute()
  await db.schema.createIndex('enquiries_user_idx').on('enquiries').column('user_id').execute()
  await db.schema
    .createIndex('enquiries_email_lower_idx')
    .on('enquiries')
    .expression(sql`lower(email)`)
    .execute()
  await db.schema
    .createIndex('credit_applications_user_idx')
    .on('credit_applications')
    .column('user_id')
    .execute()
  await db.schema
    .createIndex('credit_applications_email_lower_idx')
    .on('credit_applications')
    .expression(sql`lower(email)`)
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropIndex('credit_applications_email_lower_idx').execute()
  await db.schema.dropIndex('credit_applications_user_idx').execute()
  await db.schema.dropIndex('enquiries_email_lower_idx').execute()
  await db.schema.dropIndex('enquiries_user_idx').execute()
  await db.schema.alterTable('users').dropColumn('email_confirmed_at').execute()
  await db.schema.alterTable('credit_signings').dropColumn('user_id').execute()
  await db.schema.alterTable('credit_applications').dropColumn('user_id').execute()
  await db.schema.alterTable('enquiries').dropColumn('user_id').execute()
  await db.schema.alterTable('enquiries').dropColumn('hire_details').execute()
}
