import type { Executor } from '../../db/database.ts'
import { TooManyRequestsError } from '../../lib/errors.ts'
import { countMailToSince, insertOutboxMessage } from './repository.ts'

export interface OutgoingAttachment {
  /** A row of the files table. */
  fileId: string
  filename: string
  contentType: string
}

export interface OutgoingMail {
  to: string
  replyTo?: string | undefined
  subject: string
  text: string
  html?: string | undefined
  attachments?: OutgoingAttachment[] | undefined
}

/**
 * Queues a message for the outbox worker. Call it with the transaction that records what the
 * message is about, so that both commit or neither does: a submission is never lost because
 * mail is down, and no mail goes out for a submission that was rolled back.
 */
export function enqueueMail(db: Executor, mail: OutgoingMail, now: Date = new Date()): Promise<number> {
  return insertOutboxMessage(
    db,
    {
      to: mail.to,
      replyTo: mail.replyTo,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      attachments: JSON.stringify(mail.attachments ?? []),
    },
    now,
  )
}

/** How many automated emails one address may be sent in an hour (ADR 032, ASVS 2.4.1). */
export const AUTOMATED_MAIL_PER_HOUR = 3
const HOUR_MS = 60 * 60 * 1000

/**
 * Queues an email that an anonymous visitor's action sends to an address nobody has shown is theirs (an
 * enquiry's acknowledgement): unless that address has already been sent AUTOMATED_MAIL_PER_HOUR messages
 * in the last hour, so the site cannot be used to flood someone's mailbox. False when it was skipped.
 */
export async function enqueueAutomatedMail(
  db: Executor,
  mail: OutgoingMail,
  now: Date = new Date(),
): Promise<boolean> {
  if ((await countMailToSince(db, mail.to, new Date(now.getTime() - HOUR_MS))) >= AUTOMATED_MAIL_PER_HOUR)
    return false
  await enqueueMail(db, mail, now)
  return true
}

/** How many emails of one kind (one subject) an address nobody has proved is sent at most in 24 hours. */
export const REQUESTED_MAIL_PER_DAY = 5
const DAY_MS = 24 * HOUR_MS

/**
 * Queues an email someone asked for, to an address nobody has shown is theirs (a new address's confirmation
 * link): refused with 429 and `refusal` once that address has been sent REQUESTED_MAIL_PER_DAY emails with this
 * subject in the last 24 hours (each kind has a fixed subject), so an account cannot be used to flood a mailbox.
 */
export async function enqueueRequestedMail(
  db: Executor,
  mail: OutgoingMail,
  now: Date,
  refusal: string,
): Promise<void> {
  const sent = await countMailToSince(db, mail.to, new Date(now.getTime() - DAY_MS), mail.subject)
  if (sent >= REQUESTED_MAIL_PER_DAY) throw new TooManyRequestsError(HOUR_MS / 1000, refusal)
  await enqueueMail(db, mail, now)
}
