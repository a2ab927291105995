/** A record's id from a route's `:id` (e.g. /admin/news/:id), or null for none or anything that is not an id. */
export function recordIdOf(params: { id?: string | undefined } | Record<string, never>): number | null {
  const id = 'id' in params ? Number(params.id) : Number.NaN
  return Number.isInteger(id) && id > 0 ? id : null
}
