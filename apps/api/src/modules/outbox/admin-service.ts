import type { Paged } from '@signalway/shared/http'
import type { OutboxItem } from '@signalway/shared/outbox'
import type { Executor } from '../../db/database.ts'
import type { OutboxRow, OutboxStatus } from '../../db/schema.ts'
import { ConflictError, NotFoundError } from '../../lib/errors.ts'
import { type Clock, systemClock } from '../../lib/time.ts'
import {
  countOutboxMessages,
  findOutboxMessageById,
  findOutboxPage,
  requeueFailedMessage,
} from './repository.ts'

/** What staff see of the outgoing mail: never a message's body (a reset link is a secret). */
export interface OutboxAdminService {
  list(status: OutboxStatus, page: { page: number; pageSize: number }): Promise<Paged<OutboxItem>>
  /** Queues a failed message again: 404 if there is none, 409 if it has not failed. */
  retry(id: number): Promise<OutboxItem>
  /** How many messages the outbox gave up on (status failed): the admin dashboard's undelivered mail. */
  countUndelivered(): Promise<number>
}

export function createOutboxAdminService({
  db,
  clock = systemClock,
}: {
  db: Executor
  clock?: Clock | undefined
}): OutboxAdminService {
  return {
    async list(status, { page, pageSize }) {
      const [rows, total] = await Promise.all([
        findOutboxPage(db, status, { limit: pageSize, offset: (page - 1) * pageSize }),
        countOutboxMessages(db, status),
      ])
      return { items: rows.map(toItem), total, page, pageSize }
    },
    async retry(id) {
      const requeued = await requeueFailedMessage(db, id, clock())
      if (requeued) return toItem(requeued)
      if (!(await findOutboxMessageById(db, id))) throw new NotFoundError('The message does not exist.')
      throw new ConflictError('Only a failed message can be sent again.')
    },
    countUndelivered: () => countOutboxMessages(db, 'failed'),
  }
}

function toItem(row: OutboxRow): OutboxItem {
  return {
    id: row.id,
    to: row.to_address,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.last_error,
    createdAt: row.created_at,
    nextAttemptAt: row.next_attempt_at,
    sentAt: row.sent_at,
  }
}
