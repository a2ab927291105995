import { TOKEN_LINK_MARKERS } from '@signalway/shared/token-pages'
import { type RawBuilder, sql } from 'kysely'
import type { DialectName, Executor } from '../../db/database.ts'
import type { OutboxRow, OutboxStatus } from '../../db/schema.ts'
import { ERASED_BODY, type PruneCutoffs } from './retention.ts'

export interface NewOutboxMessage {
  to: string
  replyTo?: string | undefined
  subject: string
  text: string
  html?: string | undefined
  attachments: string
}

export async function insertOutboxMessage(
  db: Executor,
  message: NewOutboxMessage,
  now: Date,
): Promise<number> {
  const row = await db
    .insertInto('outbox')
    .values({
      to_address: message.to,
      reply_to: message.replyTo ?? null,
      subject: message.subject,
      text_body: message.text,
      html_body: message.html ?? null,
      attachments: message.attachments,
      status: 'pending',
      next_attempt_at: now.toISOString(),
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow()
  return row.id
}

export interface ClaimOptions {
  dialect: DialectName
  now: Date
  lockedUntil: Date
  lockToken: string
  limit: number
}

/**
 * Takes up to `limit` due messages for this worker in one statement: pending ones whose time has
 * come, and ones whose previous worker died mid-send (its lock expired). A message is claimed
 * by one worker only: PostgreSQL skips rows another transaction has locked; SQLite runs the
 * statement under its single write lock.
 */
export async function claimDueMessages(db: Executor, options: ClaimOptions): Promise<OutboxRow[]> {
  const now = options.now.toISOString()
  let due = db
    .selectFrom('outbox')
    .select('id')
    .where((eb) =>
      eb.or([
        eb.and([eb('status', '=', 'pending'), eb('next_attempt_at', '<=', now)]),
        eb.and([eb('status', '=', 'sending'), eb('locked_until', '<', now)]),
      ]),
    )
    .orderBy('id')
    .limit(options.limit)
  if (options.dialect === 'postgres') due = due.forUpdate().skipLocked()

  return db
    .updateTable('outbox')
    .set({
      status: 'sending',
      lock_token: options.lockToken,
      locked_until: options.lockedUntil.toISOString(),
    })
    .where('id', 'in', due)
    .returningAll()
    .execute()
}

/**
 * Whether a message's text or HTML holds a link to a token page: one of the markers, then the token (at least
 * one character). The markers are lower case and hold no LIKE wildcard.
 */
function holdsTokenLink(): RawBuilder<boolean> {
  const tests = TOKEN_LINK_MARKERS.flatMap((marker) =>
    (['text_body', 'html_body'] as const).map(
      (column) => sql<boolean>`lower(${sql.ref(column)}) like ${`%${marker}_%`}`,
    ),
  )
  return sql<boolean>`(${sql.join(tests, sql` or `)})`
}

/**
 * Marks a message sent, if this worker still holds it. In the same statement, a message holding a link to a
 * token page is emptied (ERASED_BODY): its subject, recipient and times stay.
 */
export async function markSent(db: Executor, id: number, lockToken: string, now: Date): Promise<void> {
  const erase = holdsTokenLink()
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      locked_until: null,
      lock_token: null,
      last_error: null,
      text_body: sql<string>`case when ${erase} then ${ERASED_BODY} else ${sql.ref('text_body')} end`,
      html_body: sql<string | null>`case when ${erase} then null else ${sql.ref('html_body')} end`,
    })
    .where('id', '=', id)
    .where('lock_token', '=', lockToken)
    .execute()
}

/**
 * Empties the sent messages that still hold a link to a token page (sent before that was done on sending, or by
 * an instance of an earlier release during an upgrade). Answers how many.
 */
export async function eraseSentTokenLinks(db: Executor): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ text_body: ERASED_BODY, html_body: null })
    .where('status', '=', 'sent')
    .where(holdsTokenLink())
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/** Empties the failed messages queued before `before` that hold a one-time link (dead by then). */
export async function eraseFailedTokenLinks(db: Executor, before: Date): Promise<number> {
  const result = await db
    .updateTable('outbox')
    .set({ text_body: ERASED_BODY, html_body: null })
    .where('status', '=', 'failed')
    .where('created_at', '<', before.toISOString())
    .where('text_body', '!=', ERASED_BODY)
    .where(holdsTokenLink())
    .executeTakeFirst()
  return Number(result.numUpdatedRows)
}

/**
 * Up to `limit` messages of a status that are past their time: sent messages by when they were sent (the
 * outbox_sent_idx index), failed ones by their last attempt (outbox_due_idx). Never one queued since keepSince.
 */
export function expiredMessagesQuery(
  db: Executor,
  status: 'sent' | 'failed',
  cutoffs: PruneCutoffs,
  limit: number,
) {
  const [column, before] =
    status === 'sent'
      ? (['sent_at', cutoffs.sentBefore] as const)
      : (['next_attempt_at', cutoffs.failedBefore] as const)
  return db
    .selectFrom('outbox')
    .select('id')
    .where('status', '=', status)
    .where(column, '<', before.toISOString())
    .where('created_at', '<', cutoffs.keepSince.toISOString())
    .limit(limit)
}

/** Deletes up to `limit` messages of a status that are past their time; answers how many. */
export async function deleteExpiredMessages(
  db: Executor,
  status: 'sent' | 'failed',
  cutoffs: PruneCutoffs,
  limit: number,
): Promise<number> {
  const result = await db
    .deleteFrom('outbox')
    .where('id', 'in', expiredMessagesQuery(db, status, cutoffs, limit))
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}

export interface FailedAttempt {
  attempts: number
  error: string
  /** When to try again; undefined when the message has failed for good. */
  nextAttemptAt: Date | undefined
}

export async function markAttemptFailed(
  db: Executor,
  id: number,
  lockToken: string,
  attempt: FailedAttempt,
): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: attempt.nextAttemptAt ? 'pending' : 'failed',
      attempts: attempt.attempts,
      last_error: attempt.error,
      ...(attempt.nextAttemptAt ? { next_attempt_at: attempt.nextAttemptAt.toISOString() } : {}),
      locked_until: null,
      lock_token: null,
    })
    .where('id', '=', id)
    .where('lock_token', '=', lockToken)
    .execute()
}

/**
 * The count of messages queued for an address (case-insensitive) since a time: a range of the
 * outbox_recipient_idx index (migration 0019), not a scan of the outbox.
 */
export function mailToSinceQuery(db: Executor, address: string, since: Date) {
  return db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where((eb) => eb(eb.fn('lower', ['to_address']), '=', address.trim().toLowerCase()))
    .where('created_at', '>=', since.toISOString())
}

/** How many messages were queued for an address (case-insensitive) since a time; with `subject`, of that one. */
export async function countMailToSince(
  db: Executor,
  address: string,
  since: Date,
  subject?: string,
): Promise<number> {
  let query = mailToSinceQuery(db, address, since)
  if (subject !== undefined) query = query.where('subject', '=', subject)
  const row = await query.executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function findOutboxMessages(db: Executor): Promise<OutboxRow[]> {
  return db.selectFrom('outbox').selectAll().orderBy('id').execute()
}

/** Messages of one status, newest first (the staff's view of the outbox). */
export async function findOutboxPage(
  db: Executor,
  status: OutboxStatus,
  page: { limit: number; offset: number },
): Promise<OutboxRow[]> {
  return db
    .selectFrom('outbox')
    .selectAll()
    .where('status', '=', status)
    .orderBy('id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute()
}

export async function countOutboxMessages(db: Executor, status: OutboxStatus): Promise<number> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('status', '=', status)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

export async function findOutboxMessageById(db: Executor, id: number): Promise<OutboxRow | undefined> {
  return db.selectFrom('outbox').selectAll().where('id', '=', id).executeTakeFirst()
}

/**
 * Puts a failed message back in the queue, due now, with a fresh set of attempts. Returns the
 * message, or undefined when it is not (or no longer) failed.
 */
export async function requeueFailedMessage(
  db: Executor,
  id: number,
  now: Date,
): Promise<OutboxRow | undefined> {
  return db
    .updateTable('outbox')
    .set({
      status: 'pending',
      attempts: 0,
      next_attempt_at: now.toISOString(),
      locked_until: null,
      lock_token: null,
    })
    .where('id', '=', id)
    .where('status', '=', 'failed')
    .returningAll()
    .executeTakeFirst()
}
