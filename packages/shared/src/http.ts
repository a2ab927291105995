import { z } from 'zod'

/*
 * The shapes every API answer shares: the error body the specified client reads, a page of a list,
 * and the query values of list endpoints. The API declares its responses with these and the web
 * takes its types from them, so there is one definition of each shape.
 */

/** The body of every error response: what the specified client reads. */
export const errorBodySchema = z
  .object({
    Message: z.string(),
    ModelState: z.record(z.string(), z.array(z.string())).optional(),
    /** A reason a client acts on, e.g. 'second_factor_setup_required' (ours). */
    error: z.string().optional(),
    requestId: z.string(),
  })
  .meta({ id: 'Error' })
export type ErrorBody = z.infer<typeof errorBodySchema>

/** One page of a list endpoint's items, with the total and where the page is. */
export function pagedSchema<Item extends z.ZodType>(item: Item) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  })
}
export interface Paged<Item> {
  items: Item[]
  total: number
  page: number
  pageSize: number
}

/** A query value that may be sent empty ('?kind=&status='): empty means "not given". */
export function emptyIsUnset(value: unknown): unknown {
  return value === '' ? undefined : value
}

/** An optional query value; an empty one counts as not given. */
export function optionalQuery<T extends z.ZodType>(schema: T) {
  return z.preprocess(emptyIsUnset, schema.optional())
}

/** `page` (from 1) and `pageSize` (up to 100, `defaultPageSize` when not given) of a list query. */
export function pageQuery(defaultPageSize = 20) {
  return {
    page: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(100_000).default(1)),
    pageSize: z.preprocess(emptyIsUnset, z.coerce.number().int().min(1).max(100).default(defaultPageSize)),
  }
}

/** GET /api/health: the process is up (and which build it runs). */
export const healthSchema = z.object({ status: z.literal('ok'), version: z.string() })

/** GET /api/ready: the database (and Redis, when configured) answer. */
export const readySchema = z.object({ status: z.literal('ready') })
