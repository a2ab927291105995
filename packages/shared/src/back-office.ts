import { z } from 'zod'

/*
 * What every back-office record shares: the staff member it is assigned to, and the staff's
 * internal notes (never shown to the customer).
 */

/** A staff member (an administrator) as the back office shows them. */
export const staffMemberSchema = z
  .object({ id: z.number().int(), name: z.string() })
  .meta({ id: 'StaffMember' })
export type StaffMember = z.infer<typeof staffMemberSchema>

export const NOTE_MAX = 4000

export const BACK_OFFICE_MESSAGES = {
  noteRequired: 'Write the note.',
  assigneeInvalid: 'Choose an administrator to assign it to.',
} as const

/** One internal note: who wrote it, when, and what. */
export const internalNoteSchema = z
  .object({
    id: z.number().int(),
    author: z.string(),
    body: z.string(),
    /** ISO 8601, UTC. */
    createdAt: z.string(),
  })
  .meta({ id: 'InternalNote' })
export type InternalNote = z.infer<typeof internalNoteSchema>

/** POST .../notes. */
export const noteInputSchema = z
  .object({
    body: z.string().trim().min(1, { error: BACK_OFFICE_MESSAGES.noteRequired }).max(NOTE_MAX),
  })
  .strict()

/** The largest id an integer column holds (PostgreSQL's int4): a larger one would fail the query, not miss. */
export const MAX_RECORD_ID = 2_147_483_647

/** A user's (an administrator's) id as the back office sends it. */
export const staffIdSchema = z.number().int().min(1).max(MAX_RECORD_ID)

/** A list's assignee filter: an administrator's id, or 'none' for the unassigned. */
export const assigneeFilterSchema = z.union([
  z.literal('none'),
  z.coerce.number().int().min(1).max(MAX_RECORD_ID),
])
