import { z } from 'zod'
import { emptyIsUnset, pagedSchema, pageQuery } from './http.ts'

/** The administrators' list of credit applications (GET /api/admin/credit-applications). */
export const creditApplicationSummarySchema = z
  .object({
    id: z.number().int(),
    reference: z.string(),
    businessName: z.string(),
    abn: z.string(),
    customerType: z.number().int(),
    applicantName: z.string(),
    email: z.string(),
    /** ISO 8601, UTC. */
    submittedAt: z.string(),
  })
  .meta({ id: 'CreditApplicationSummary' })
export type CreditApplicationSummary = z.infer<typeof creditApplicationSummarySchema>

export const creditApplicationListSchema = pagedSchema(creditApplicationSummarySchema).meta({
  id: 'CreditApplicationList',
})
export type CreditApplicationPage = z.infer<typeof creditApplicationListSchema>

export const creditApplicationListQuerySchema = z.object({
  /** Part of the business name, or of the ABN's digits. */
  search: z.preprocess(emptyIsUnset, z.string().trim().max(100).default('')),
  ...pageQuery(),
})
