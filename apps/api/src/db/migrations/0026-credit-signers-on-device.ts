import type { Kysely } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * Mixed signing (ADR 036): a signer who signed on the device of the person who sent the application for signing,
 * with the other signers asked by email. 1 for such a signer: no link was sent to their address, so it is not
 * shown to be theirs. Every signer before this signed by link.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable('credit_signers')
    .addColumn('on_device', 'integer', (col) => col.notNull().defaultTo(0))
    .execute()
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('credit_signers').dropColumn('on_device').execute()
}
