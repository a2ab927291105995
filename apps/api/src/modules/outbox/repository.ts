import type { DialectName, Executor } from '../../db/database.ts'
import type { OutboxRow, OutboxStatus } from '../../db/schema.ts'

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

export async function markSent(db: Executor, id: number, lockToken: string, now: Date): Promise<void> {
  await db
    .updateTable('outbox')
    .set({
      status: 'sent',
      sent_at: now.toISOString(),
      locked_until: null,
      lock_token: null,
      last_error: null,
    })
    .where('id', '=', id)
    .where('lock_token', '=', lockToken)
    .execute()
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

/** How many messages were queued for an address (case-insensitive) since a time. */
export async function countMailToSince(db: Executor, address: string, since: Date): Promise<number> {
  const row = await mailToSinceQuery(db, address, since).executeTakeFirstOrThrow()
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
