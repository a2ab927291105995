import { z } from 'zod'

/** The body of every error response: what the specified client reads. */
export const errorBodySchema = z
  .object({
    Message: z.string(),
    ModelState: z.record(z.string(), z.array(z.string())).optional(),
    requestId: z.string(),
  })
  .meta({ id: 'Error' })

export type ErrorBody = z.infer<typeof errorBodySchema>

/** Response schemas for the error statuses a route documents, e.g. `...errorResponses(400, 404)`. */
export function errorResponses<const Code extends number>(...codes: Code[]) {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<
    Code,
    typeof errorBodySchema
  >
}
