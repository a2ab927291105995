import { routedPath, tokenPageOf } from '@signalway/shared/token-pages'

export const REDACTED = '[redacted]'

/** Query parameters secret wherever they appear: an emailed link's `t`, and any name that says it is one. */
const SECRET_PARAMETER = /((?:^|&)(?:t|[^=&]*(?:token|password|secret|code)[^=&]*)=)[^&#]*/gi

/**
 * A request's URL as the log may keep it. A token page (shared/token-pages.ts) loses its token: the whole
 * query string, or the path segment after the page's prefix (the rest of the path is logged as routed, so that
 * '//x' or '%2F' cannot hide it). Elsewhere, the values of secret-looking query parameters are replaced.
 */
export function redactUrl(url: string): string {
  const mark = url.indexOf('?')
  const path = mark === -1 ? url : url.slice(0, mark)
  const query = mark === -1 ? undefined : url.slice(mark + 1)
  const page = tokenPageOf(path)
  if (page?.token === 'query') return query === undefined ? path : `${path}?${REDACTED}`
  const logged = page?.token === 'segment' ? withoutTokenSegment(routedPath(path), page.path.length) : path
  return query === undefined ? logged : `${logged}?${query.replace(SECRET_PARAMETER, `$1${REDACTED}`)}`
}

/** The path with the segment that starts at `start` (the token) replaced. */
function withoutTokenSegment(path: string, start: number): string {
  if (path.length <= start) return path
  const end = path.indexOf('/', start)
  return `${path.slice(0, start)}${REDACTED}${end === -1 ? '' : path.slice(end)}`
}
