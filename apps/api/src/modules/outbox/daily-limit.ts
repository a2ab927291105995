import { mailboxKey } from '@signalway/shared/mailbox'
import type { Executor } from '../../db/database.ts'
import { TooManyRequestsError } from '../../lib/errors.ts'
import {
  countMailLogAfter,
  deleteMailLogUntil,
  insertMailLog,
  lockMailRecipient,
} from './mail-log-repository.ts'
import { enqueueMail, type OutgoingMail } from './service.ts'

/*
 * Daily limits per recipient for mail to addresses nobody has proved (ADR 032): a kind of email goes to one
 * mailbox (mailboxKey: variants of one address share it) at most so many times in any 24 hours, whoever asks.
 */

const DAY_MS = 24 * 60 * 60 * 1000

/**
 * Queues `mail` unless its mailbox has been sent `perDay` emails of `kind` in the last 24 hours. Only mail queued
 * counts: the count's row goes in the caller's transaction with the email, and callers for the same mailbox and
 * kind wait for each other. Past the limit, with `refusal` a 429 with that message (the person asking needs to
 * know), else false (a notification is skipped).
 */
export async function enqueueWithinMailboxLimit(
  trx: Executor,
  limit: { kind: string; perDay: number },
  mail: OutgoingMail,
  now: Date,
  options: { refusal?: string | undefined; enqueue?: typeof enqueueMail | undefined } = {},
): Promise<boolean> {
  const recipient = mailboxKey(mail.to)
  await lockMailRecipient(trx, limit.kind, recipient)
  const { count, oldest } = await countMailLogAfter(
    trx,
    limit.kind,
    recipient,
    new Date(now.getTime() - DAY_MS),
  )
  if (count >= limit.perDay) {
    if (options.refusal === undefined) return false
    const freeAt = (oldest ? Date.parse(oldest) : now.getTime()) + DAY_MS
    throw new TooManyRequestsError(Math.max(1, Math.ceil((freeAt - now.getTime()) / 1000)), options.refusal)
  }
  await (options.enqueue ?? enqueueMail)(trx, mail, now)
  await insertMailLog(trx, limit.kind, recipient, now)
  return true
}

/** Takes the count locks of several mailboxes at once, in one order (no deadlock between two such transactions). */
export async function lockMailboxes(
  trx: Executor,
  kind: string,
  addresses: readonly string[],
): Promise<void> {
  for (const recipient of [...new Set(addresses.map(mailboxKey))].sort()) {
    await lockMailRecipient(trx, kind, recipient)
  }
}

/** Forgets the emails no limit counts any more. */
export function pruneMailLog(db: Executor, now: Date): Promise<number> {
  return deleteMailLogUntil(db, new Date(now.getTime() - DAY_MS))
}
