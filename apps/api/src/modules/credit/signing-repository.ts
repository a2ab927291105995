import type { ExpressionBuilder, Insertable, Selectable, Updateable } from 'kysely'
import type { Executor } from '../../db/database.ts'
import { dialectOf } from '../../db/dialect.ts'
import type { CreditSignersTable, CreditSigningsTable, DB, Timestamp } from '../../db/schema.ts'

export type SigningRow = Selectable<CreditSigningsTable>
export type NewSigningRow = Insertable<CreditSigningsTable>
export type SigningUpdate = Updateable<CreditSigningsTable>
export type SignerRow = Selectable<CreditSignersTable>
export type NewSignerRow = Insertable<CreditSignersTable>
export type SignerUpdate = Updateable<CreditSignersTable>

/**
 * A signing's row, read inside a transaction and held until it ends: a change of the application and a
 * signature of it cannot interleave (PostgreSQL: FOR UPDATE; SQLite runs one transaction at a time).
 */
export async function lockSigning(trx: Executor, id: number) {
  const query = trx.selectFrom('credit_signings').selectAll().where('id', '=', id)
  return (dialectOf(trx) === 'postgres' ? query.forUpdate() : query).executeTakeFirst()
}

export function findSigning(db: Executor, id: number): Promise<SigningRow | undefined> {
  return db.selectFrom('credit_signings').selectAll().where('id', '=', id).executeTakeFirst()
}

/** The signing whose status page the token opens. */
export function findSigningByStatusToken(db: Executor, tokenHash: string): Promise<SigningRow | undefined> {
  return db
    .selectFrom('credit_signings')
    .selectAll()
    .where('status_token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/** What the signers' emails need of a signing. */
export function findSigningMailFacts(db: Executor, id: number) {
  return db
    .selectFrom('credit_signings')
    .select(['customer_type', 'payload'])
    .where('id', '=', id)
    .executeTakeFirst()
}

export async function insertSigning(trx: Executor, values: NewSigningRow): Promise<number> {
  const signing = await trx
    .insertInto('credit_signings')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow()
  return signing.id
}

export async function updateSigning(trx: Executor, id: number, values: SigningUpdate): Promise<void> {
  await trx.updateTable('credit_signings').set(values).where('id', '=', id).execute()
}

/** No signer of the signing is still to sign (waiting or declined). */
const everyoneSigned = ({ not, exists, selectFrom }: ExpressionBuilder<DB, 'credit_signings'>) =>
  not(
    exists(
      selectFrom('credit_signers')
        .select('credit_signers.id')
        .whereRef('credit_signers.signing_id', '=', 'credit_signings.id')
        .where('credit_signers.state', '!=', 'signed'),
    ),
  )

/**
 * The claim on a signing's submission: true for the one caller whose update changed the row, when everyone
 * has signed, nothing was submitted, and no other submission started after `staleBefore`.
 */
export async function claimFinalizing(
  db: Executor,
  id: number,
  now: Timestamp,
  staleBefore: Timestamp,
): Promise<boolean> {
  const claimed = await db
    .updateTable('credit_signings')
    .set({ finalizing_at: now })
    .where('id', '=', id)
    .where('application_id', 'is', null)
    .where((eb) => eb.or([eb('finalizing_at', 'is', null), eb('finalizing_at', '<=', staleBefore)]))
    .where(everyoneSigned)
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

/** Gives up the claim on a submission that did not happen. */
export async function releaseFinalizing(db: Executor, id: number): Promise<void> {
  await db
    .updateTable('credit_signings')
    .set({ finalizing_at: null })
    .where('id', '=', id)
    .where('application_id', 'is', null)
    .execute()
}

/** Signings everyone signed whose submission never started, or started before `staleBefore` and stalled. */
export function listSubmissionsToRetry(db: Executor, staleBefore: Timestamp, limit: number) {
  return db
    .selectFrom('credit_signings')
    .select('id')
    .where('application_id', 'is', null)
    .where((eb) => eb.or([eb('finalizing_at', 'is', null), eb('finalizing_at', '<=', staleBefore)]))
    .where(everyoneSigned)
    .limit(limit)
    .execute()
}

export async function deleteExpiredSignings(db: Executor, now: Timestamp): Promise<number> {
  const result = await db.deleteFrom('credit_signings').where('expires_at', '<=', now).executeTakeFirst()
  return Number(result.numDeletedRows)
}

/** The signings still open, newest first, with how many of their signers signed and declined. */
export function listAwaitingSignatures(db: Executor, now: Timestamp, limit: number) {
  return db
    .selectFrom('credit_signings')
    .leftJoin('credit_signers', 'credit_signers.signing_id', 'credit_signings.id')
    .select((eb) => [
      'credit_signings.id',
      'credit_signings.business_name',
      'credit_signings.customer_type',
      'credit_signings.applicant_name',
      'credit_signings.created_at',
      eb.fn.count<number>('credit_signers.id').as('total'),
      eb.fn.count<number>(eb.case().when('credit_signers.state', '=', 'signed').then(1).end()).as('signed'),
      eb.fn
        .count<number>(eb.case().when('credit_signers.state', '=', 'declined').then(1).end())
        .as('declined'),
    ])
    .where('credit_signings.application_id', 'is', null)
    .where('credit_signings.expires_at', '>', now)
    .groupBy([
      'credit_signings.id',
      'credit_signings.business_name',
      'credit_signings.customer_type',
      'credit_signings.applicant_name',
      'credit_signings.created_at',
    ])
    .orderBy('credit_signings.created_at', 'desc')
    .limit(limit)
    .execute()
}

/** A signing's signers, in the order of section 2. */
export function listSigners(db: Executor, signingId: number): Promise<SignerRow[]> {
  return db
    .selectFrom('credit_signers')
    .selectAll()
    .where('signing_id', '=', signingId)
    .orderBy('position')
    .execute()
}

export function findSigner(db: Executor, id: number): Promise<SignerRow | undefined> {
  return db.selectFrom('credit_signers').selectAll().where('id', '=', id).executeTakeFirst()
}

/** A signer, only if they belong to the signing. */
export function findSignerOfSigning(
  db: Executor,
  signingId: number,
  signerId: number,
): Promise<SignerRow | undefined> {
  return db
    .selectFrom('credit_signers')
    .selectAll()
    .where('id', '=', signerId)
    .where('signing_id', '=', signingId)
    .executeTakeFirst()
}

export function insertSigner(trx: Executor, values: NewSignerRow) {
  return trx
    .insertInto('credit_signers')
    .values(values)
    .returning(['id', 'name', 'email'])
    .executeTakeFirstOrThrow()
}

export async function updateSigner(trx: Executor, id: number, values: SignerUpdate): Promise<void> {
  await trx.updateTable('credit_signers').set(values).where('id', '=', id).execute()
}

/** Updates a signer only if still in `state` (a conditional update): false when they were no longer in it. */
export async function updateSignerIfStill(
  trx: Executor,
  id: number,
  state: SignerRow['state'],
  values: SignerUpdate,
): Promise<boolean> {
  const result = await trx
    .updateTable('credit_signers')
    .set(values)
    .where('id', '=', id)
    .where('state', '=', state)
    .executeTakeFirst()
  return Number(result.numUpdatedRows) === 1
}

export async function deleteSigners(trx: Executor, ids: readonly number[]): Promise<void> {
  await trx.deleteFrom('credit_signers').where('id', 'in', ids).execute()
}

/** Signers who are waiting and are due a reminder, on signings still open. */
export function listRemindersDue(
  db: Executor,
  query: { now: Timestamp; sentBefore: Timestamp; maxReminders: number; limit: number },
) {
  return db
    .selectFrom('credit_signers')
    .innerJoin('credit_signings', 'credit_signings.id', 'credit_signers.signing_id')
    .select([
      'credit_signers.id',
      'credit_signers.signing_id',
      'credit_signers.email',
      'credit_signers.sent_at',
      'credit_signers.reminders_sent',
    ])
    .where('credit_signers.state', '=', 'waiting')
    .where('credit_signers.reminders_sent', '<', query.maxReminders)
    .where('credit_signers.sent_at', '<=', query.sentBefore)
    .where('credit_signings.application_id', 'is', null)
    .where('credit_signings.finalizing_at', 'is', null)
    .where('credit_signings.expires_at', '>', query.now)
    .limit(query.limit)
    .execute()
}

/**
 * The claim on a reminder: counts it and moves the signer's clock, only if nobody did since the signer was read
 * (still waiting, same count, same time). True for the one caller whose update changed the row.
 */
export async function claimReminder(
  trx: Executor,
  signer: { id: number; reminders_sent: number; sent_at: Timestamp },
  now: Timestamp,
): Promise<boolean> {
  const claimed = await trx
    .updateTable('credit_signers')
    .set({ reminders_sent: Number(signer.reminders_sent) + 1, sent_at: now })
    .where('id', '=', signer.id)
    .where('state', '=', 'waiting')
    .where('reminders_sent', '=', Number(signer.reminders_sent))
    .where('sent_at', '=', signer.sent_at)
    .executeTakeFirst()
  return Number(claimed.numUpdatedRows) === 1
}

export function findSigningToken(db: Executor, tokenHash: string) {
  return db
    .selectFrom('credit_signing_tokens')
    .selectAll()
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
}

/** When a signing link stops working; throws when the link is gone. */
export async function signingTokenExpiry(db: Executor, tokenHash: string): Promise<Timestamp> {
  const link = await db
    .selectFrom('credit_signing_tokens')
    .select('expires_at')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirstOrThrow()
  return link.expires_at
}

/** The signer a link belongs to, if it still exists. */
export async function signerOfToken(trx: Executor, tokenHash: string): Promise<number | undefined> {
  const link = await trx
    .selectFrom('credit_signing_tokens')
    .select('signer_id')
    .where('token_hash', '=', tokenHash)
    .executeTakeFirst()
  return link?.signer_id
}

export async function insertSigningToken(
  trx: Executor,
  token: { tokenHash: string; signerId: number; expiresAt: Timestamp },
): Promise<void> {
  await trx
    .insertInto('credit_signing_tokens')
    .values({ token_hash: token.tokenHash, signer_id: token.signerId, expires_at: token.expiresAt })
    .execute()
}

/** Withdraws every link of the signers: none of them works any more. */
export async function deleteTokensOfSigners(trx: Executor, signerIds: readonly number[]): Promise<void> {
  await trx.deleteFrom('credit_signing_tokens').where('signer_id', 'in', signerIds).execute()
}

/** Withdraws every link of one signer. */
export async function deleteTokensOfSigner(trx: Executor, signerId: number): Promise<void> {
  await trx.deleteFrom('credit_signing_tokens').where('signer_id', '=', signerId).execute()
}
