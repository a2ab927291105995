import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * An invitation to join a customer account carries the Orderer's approval limit it grants (cents; null for none),
 * so that the member who accepts gets the limit the Account admin chose (requirements §18).
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('customer_account_invitations')
    .addColumn('approval_limit_cents', 'integer')
    .execute()
}
