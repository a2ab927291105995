import { type Kysely, sql } from 'kysely'
import { type Migration, type MigrationResult, Migrator } from 'kysely/migration'
import { dialectOf } from './dialect.ts'
import * as initial from './migrations/0001-initial.ts'
import * as auth from './migrations/0002-auth.ts'
import * as enquiries from './migrations/0003-enquiries.ts'
import * as creditApplications from './migrations/0004-credit-applications.ts'
import * as auditLog from './migrations/0005-audit-log.ts'
import * as userSearch from './migrations/0006-user-search.ts'
import * as userSortKeys from './migrations/0007-user-sort-keys.ts'
import * as sessionDetails from './migrations/0008-session-details.ts'
import * as emailChanges from './migrations/0009-email-changes.ts'
import * as secondFactors from './migrations/0010-second-factors.ts'
import * as passkeys from './migrations/0011-passkeys.ts'
import * as creditDecisions from './migrations/0012-credit-decisions.ts'
import * as internalNotes from './migrations/0013-internal-notes.ts'
import * as publishing from './migrations/0014-publishing.ts'
import * as faqs from './migrations/0015-faqs.ts'
import * as creditDrafts from './migrations/0016-credit-drafts.ts'
import * as creditSigning from './migrations/0017-credit-signing.ts'
import * as hireDetailsAndAccounts from './migrations/0018-hire-details-and-accounts.ts'
import * as outboxRecipient from './migrations/0019-outbox-recipient.ts'
import * as outboxRetention from './migrations/0020-outbox-retention.ts'
import * as creditMailLog from './migrations/0021-credit-mail-log.ts'
import * as longRecoveryCodes from './migrations/0022-long-recovery-codes.ts'
import * as creditApplicationCompleter from './migrations/0023-credit-application-completer.ts'
import * as enquiryReferences from './migrations/0024-enquiry-references.ts'
import * as userInvitations from './migrations/0025-user-invitations.ts'
import * as creditSignersOnDevice from './migrations/0026-credit-signers-on-device.ts'
import * as jobLeases from './migrations/0027-job-leases.ts'
import * as fleet from './migrations/0028-fleet.ts'
import * as bookingLinesByEnd from './migrations/0029-booking-lines-by-end.ts'
import * as customerAccounts from './migrations/0030-customer-accounts.ts'
import * as depotZonesVersion from './migrations/0031-depot-zones-version.ts'
import * as equipmentTypeImageAlt from './migrations/0032-equipment-type-image-alt.ts'
import * as accountInvitationLimit from './migrations/0033-account-invitation-limit.ts'
import * as bookings from './migrations/0034-bookings.ts'
import * as faultReports from './migrations/0035-fault-reports.ts'
import * as faultHires from './migrations/0036-fault-hires.ts'
import * as fieldOperations from './migrations/0037-field-operations.ts'
import * as billing from './migrations/0038-billing.ts'
import type { DB } from './schema.ts'

/** Every migration, by name. Names sort in the order they run; add new ones at the end. */
export const migrations: Record<string, Migration> = {
  '0001-initial': initial,
  '0002-auth': auth,
  '0003-enquiries': enquiries,
  '0004-credit-applications': creditApplications,
  '0005-audit-log': auditLog,
  '0006-user-search': userSearch,
  '0007-user-sort-keys': userSortKeys,
  '0008-session-details': sessionDetails,
  '0009-email-changes': emailChanges,
  '0010-second-factors': secondFactors,
  '0011-passkeys': passkeys,
  '0012-credit-decisions': creditDecisions,
  '0013-internal-notes': internalNotes,
  '0014-publishing': publishing,
  '0015-faqs': faqs,
  '0016-credit-drafts': creditDrafts,
  '0017-credit-signing': creditSigning,
  '0018-hire-details-and-accounts': hireDetailsAndAccounts,
  '0019-outbox-recipient': outboxRecipient,
  '0020-outbox-retention': outboxRetention,
  '0021-credit-mail-log': creditMailLog,
  '0022-long-recovery-codes': longRecoveryCodes,
  '0023-credit-application-completer': creditApplicationCompleter,
  '0024-enquiry-references': enquiryReferences,
  '0025-user-invitations': userInvitations,
  '0026-credit-signers-on-device': creditSignersOnDevice,
  '0027-job-leases': jobLeases,
  '0028-fleet': fleet,
  '0029-booking-lines-by-end': bookingLinesByEnd,
  '0030-customer-accounts': customerAccounts,
  '0031-depot-zones-version': depotZonesVersion,
  '0032-equipment-type-image-alt': equipmentTypeImageAlt,
  '0033-account-invitation-limit': accountInvitationLimit,
  '0034-bookings': bookings,
  '0035-fault-reports': faultReports,
  '0036-fault-hires': faultHires,
  '0037-field-operations': fieldOperations,
  '0038-billing': billing,
}

export class MigrationError extends Error {
  override name = 'MigrationError'
}

/** Brings the schema up to date. Safe to run on every start and from several instances at once. */
export async function migrateToLatest(db: Kysely<DB>): Promise<MigrationResult[]> {
  const schema = dialectOf(db) === 'postgres' ? await currentSchema(db) : undefined
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
    // Kysely otherwise finds its bookkeeping tables in any schema of the database, and would take
    // another schema's for this one's.
    ...(schema === undefined ? {} : { migrationTableSchema: schema }),
  })
  let outcome = await migrator.migrateToLatest()
  // Kysely's migrator reads the whole catalogue (every schema's tables) to find its own tables; a schema or table
  // that another client drops during that read fails it (3F000, or 42P01 naming the other schema's table) before
  // anything is migrated. Nothing was changed, so it is read again (PostgreSQL servers shared with other apps,
  // and the parallel test suites).
  for (let attempt = 1; attempt < 3 && droppedByAnother(outcome.error, schema); attempt++) {
    outcome = await migrator.migrateToLatest()
  }
  const { error, results = [] } = outcome
  if (error) {
    const failed = results.find((result) => result.status === 'Error')?.migrationName
    throw new MigrationError(failed ? `Migration ${failed} failed` : 'Migrations failed', { cause: error })
  }
  return results
}

/**
 * Whether a failed migration run met another client's schema or table vanishing under its catalogue read: a
 * schema that no longer exists, or a relation of another schema than `schema` (this connection's) that does not.
 */
export function droppedByAnother(error: unknown, schema: string | undefined): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown }
  if (code === '3F000') return true
  if (code !== '42P01' || schema === undefined || typeof message !== 'string') return false
  const relation = /relation "([^"]+)\.[^".]+" does not exist/.exec(message)
  return relation !== null && relation[1] !== schema
}

/** The schema the connection works in (PostgreSQL): where Kysely keeps its bookkeeping tables. */
export async function currentSchema(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(db)
  const schema = rows[0]?.schema
  if (!schema) throw new MigrationError('The database has no current schema (check search_path)')
  return schema
}
