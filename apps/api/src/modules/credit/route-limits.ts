import { z } from 'zod'

/** The body carries the trust deed (up to 10 MB, as base64 inside a JSON string) and the signatures. */
export const CREDIT_BODY_LIMIT = 15 * 1024 * 1024
/** Per client address. */
export const CREDIT_RATE_LIMIT = { max: 10, timeWindow: 60 * 60 * 1000 } as const
/** Saving and opening saved applications, per address. */
export const DRAFT_RATE_LIMIT = { max: 30, timeWindow: 60 * 60 * 1000 } as const
/** Reading, signing and following remote signatures, per address. */
export const SIGNING_RATE_LIMIT = { max: 60, timeWindow: 60 * 60 * 1000 } as const
/** The status page, which looks again every two minutes while it is open. */
export const SIGNING_STATUS_RATE_LIMIT = { max: 120, timeWindow: 60 * 60 * 1000 } as const

/** The OpenAPI answer of every route that sends a signed application. */
export const pdfResponse = {
  description: 'The signed application (credit-application.pdf).',
  content: { 'application/pdf': { schema: z.string().meta({ format: 'binary' }) } },
}
