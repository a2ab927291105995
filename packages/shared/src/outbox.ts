import { z } from 'zod'
import { emptyIsUnset, pagedSchema, pageQuery } from './http.ts'

/** The outgoing mail an administrator sees (GET /api/admin/outbox, POST /api/admin/outbox/:id/retry). */
export const OUTBOX_STATUSES = ['pending', 'sending', 'sent', 'failed'] as const
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number]

export const outboxStatusSchema = z.enum(OUTBOX_STATUSES, {
  error: 'Status must be one of pending, sending, sent, failed.',
})

export const outboxItemSchema = z
  .object({
    id: z.number().int(),
    to: z.string(),
    subject: z.string(),
    status: outboxStatusSchema,
    attempts: z.number().int(),
    lastError: z.string().nullable(),
    /** ISO 8601, UTC. */
    createdAt: z.string(),
    nextAttemptAt: z.string(),
    sentAt: z.string().nullable(),
  })
  .meta({ id: 'OutboxItem' })
export type OutboxItem = z.infer<typeof outboxItemSchema>

export const outboxListSchema = pagedSchema(outboxItemSchema).meta({ id: 'OutboxList' })

export const outboxListQuerySchema = z.object({
  status: z.preprocess(emptyIsUnset, outboxStatusSchema.default('failed')),
  ...pageQuery(),
})
