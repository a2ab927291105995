import type { Executor } from '../../db/database.ts'
import { insertOutboxMessage } from './repository.ts'

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
