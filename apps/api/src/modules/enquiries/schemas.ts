import { parseIsoDay } from '@signalway/shared/business-time'
import { z } from 'zod'

export const ENQUIRY_KINDS = ['contact', 'quote'] as const
export const ENQUIRY_STATUSES = ['new', 'in_progress', 'done'] as const

export const enquiryKindSchema = z.enum(ENQUIRY_KINDS)
export const enquiryStatusSchema = z.enum(ENQUIRY_STATUSES, {
  error: 'Status must be one of new, in_progress, done.',
})

/** The answer to a submitted contact message or quote request. */
export const submittedSchema = z.object({ id: z.string() }).meta({ id: 'EnquirySubmitted' })

export const enquirySchema = z
  .object({
    id: z.string(),
    kind: enquiryKindSchema,
    status: enquiryStatusSchema,
    name: z.string(),
    email: z.string(),
    phone: z.string().nullable(),
    message: z.string(),
    services: z.array(z.string()),
    source: z.array(z.string()),
    /** ISO 8601, UTC. */
    createdAt: z.string(),
    updatedAt: z.string(),
  })
  .meta({ id: 'Enquiry' })
export type Enquiry = z.infer<typeof enquirySchema>

export const enquiryDetailSchema = enquirySchema
  .extend({ ip: z.string().nullable(), userAgent: z.string().nullable() })
  .meta({ id: 'EnquiryDetail' })
export type EnquiryDetail = z.infer<typeof enquiryDetailSchema>

/** A query value that may be sent empty ('?kind=&status='): empty means "not given". */
const emptyIsUnset = (value: unknown) => (value === '' ? undefined : value)
const optionalQuery = <T extends z.ZodType>(schema: T) => z.preprocess(emptyIsUnset, schema.optional())

const isoDay = z.string().refine((value) => parseIsoDay(value) !== undefined, 'Must be a date.')

export const enquiryFilterSchema = z.object({
  kind: optionalQuery(enquiryKindSchema),
  status: optionalQuery(enquiryStatusSchema),
  /** First day (YYYY-MM-DD, Australia/Melbourne), inclusive. */
  from: optionalQuery(isoDay),
  /** Last day (YYYY-MM-DD, Australia/Melbourne), inclusive. */
  to: optionalQuery(isoDay),
  /** Every word must appear in the name, email, phone or message (case ignored). */
  search: optionalQuery(z.string().trim().max(200, 'Search is too long.')),
})
export type EnquiryFilter = z.infer<typeof enquiryFilterSchema>

export const enquiryListQuerySchema = enquiryFilterSchema.extend({
  page: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(100_000).default(1)),
  pageSize: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(100).default(20)),
})

export const enquiryListSchema = z
  .object({
    items: z.array(enquirySchema),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
  .meta({ id: 'EnquiryList' })

export const enquiryIdParamsSchema = z.object({ id: z.string().min(1).max(64) })

export const statusChangeSchema = z.object({ status: enquiryStatusSchema })
