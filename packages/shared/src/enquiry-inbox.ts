import { z } from 'zod'
import { assigneeFilterSchema, internalNoteSchema, staffIdSchema, staffMemberSchema } from './back-office.ts'
import { parseIsoDay } from './business-time.ts'
import { ENQUIRY_KINDS, ENQUIRY_STATUSES } from './constants.ts'
import { hireDetailsSchema } from './hire-details.ts'
import { optionalQuery, pagedSchema, pageQuery } from './http.ts'

/*
 * The enquiry inbox of the administrators (GET /api/admin/enquiries and its detail, status and CSV
 * endpoints): the answers' shapes and the list query, for the API's schemas and the web's types.
 * The public forms that create enquiries are in enquiry.ts; the kinds and statuses are in constants.ts.
 */

export const enquiryKindSchema = z.enum(ENQUIRY_KINDS)
export const enquiryStatusSchema = z.enum(ENQUIRY_STATUSES, {
  error: 'Status must be one of new, in_progress, done.',
})

/** The answer to a submitted contact message or quote request. */
export const submittedSchema = z
  .object({
    id: z.string(),
    /** The short reference a person can read out on the phone: 'Q-2026-00123' (a quote), 'M-2026-00045' (a message). */
    reference: z.string(),
    /** ISO 8601, UTC. */
    receivedAt: z.string(),
    /** The day (YYYY-MM-DD, Melbourne) by whose end the business replies: the next business day. */
    replyBy: z.string(),
    /** What was asked, in the form's fixed choices (a quote's services, dates, listed site, works). */
    asked: z.array(z.object({ label: z.string(), value: z.string() })),
  })
  .meta({ id: 'EnquirySubmitted' })
export type EnquirySubmitted = z.infer<typeof submittedSchema>

export const enquirySchema = z
  .object({
    id: z.string(),
    /** The short reference given to the sender ('Q-2026-00123'). */
    reference: z.string(),
    kind: enquiryKindSchema,
    status: enquiryStatusSchema,
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    services: z.array(z.string()),
    source: z.array(z.string()),
    /** A quote's hire details; null when none were given. */
    hireDetails: hireDetailsSchema.nullable(),
    /** ISO 8601, UTC. */
    createdAt: z.string(),
    updatedAt: z.string(),
    /** The staff member looking after it. */
    assignee: staffMemberSchema.nullable(),
  })
  .meta({ id: 'Enquiry' })
export type Enquiry = z.infer<typeof enquirySchema>

export const enquiryDetailSchema = enquirySchema
  .extend({
    ip: z.string().nullable(),
    userAgent: z.string().nullable(),
    /** The staff's internal notes, oldest first. */
    notes: z.array(internalNoteSchema),
  })
  .meta({ id: 'EnquiryDetail' })
export type EnquiryDetail = z.infer<typeof enquiryDetailSchema>

export const enquiryListSchema = pagedSchema(enquirySchema).meta({ id: 'EnquiryList' })

const isoDay = z.string().refine((value) => parseIsoDay(value) !== undefined, 'Must be a date.')

export const enquiryFilterSchema = z.object({
  kind: optionalQuery(enquiryKindSchema),
  status: optionalQuery(enquiryStatusSchema),
  /** First day (YYYY-MM-DD, Australia/Melbourne), inclusive. */
  from: optionalQuery(isoDay),
  /** Last day (YYYY-MM-DD, Australia/Melbourne), inclusive. */
  to: optionalQuery(isoDay),
  /** Every word must appear in the reference, name, email, phone or message (case ignored). */
  search: optionalQuery(z.string().trim().max(200, 'Search is too long.')),
  /** An administrator's id, or 'none' for the unassigned. */
  assignee: optionalQuery(assigneeFilterSchema),
})
export type EnquiryFilter = z.infer<typeof enquiryFilterSchema>

export const enquiryListQuerySchema = enquiryFilterSchema.extend(pageQuery())

export const enquiryIdParamsSchema = z.object({ id: z.string().min(1).max(64) })

/** PATCH /api/admin/enquiries/:id: the status, the assignee (null for nobody), or both. */
export const statusChangeSchema = z
  .object({
    status: enquiryStatusSchema.optional(),
    assigneeId: staffIdSchema.nullable().optional(),
  })
  .refine((change) => change.status !== undefined || change.assigneeId !== undefined, {
    error: 'Send a status or an assignee.',
  })
export type EnquiryChange = z.infer<typeof statusChangeSchema>
