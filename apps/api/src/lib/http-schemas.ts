import { errorBodySchema } from '@signalway/shared/http'

export { type ErrorBody, errorBodySchema } from '@signalway/shared/http'

/** Response schemas for the error statuses a route documents, e.g. `...errorResponses(400, 404)`. */
export function errorResponses<const Code extends number>(...codes: Code[]) {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as Record<
    Code,
    typeof errorBodySchema
  >
}
