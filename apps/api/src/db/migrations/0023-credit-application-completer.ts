import { type Kysely, sql } from 'kysely'

// Migrations are frozen in time: they use an untyped Kysely, not the current schema types.
// biome-ignore lint/suspicious/noExplicitAny: see above.
type AnyDb = Kysely<any>

/**
 * The address of the person who sent an application for signing, kept on the application: the signing's row,
 * which held it, is deleted 30 days after the submission, and an administrator who sent it for signing must
 * not decide it. Applications signed remotely before this take it from their signing, while it is there.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable('credit_applications').addColumn('completer_email', 'text').execute()
  await sql`
    update credit_applications
    set completer_email = (
      select credit_signings.completer_email from credit_signings
      where credit_signings.application_id = credit_applications.id
      limit 1
    )
  `.execute(db)
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable('credit_applications').dropColumn('completer_email').execute()
}
