import { SERVICES } from '@signalway/shared'
import { redirect } from 'react-router'
import { paths } from './paths.ts'

/** Every fixed path of `paths` (nested objects included) and the 10 service pages. */
function fixedPaths(): string[] {
  const found: string[] = []
  const walk = (value: unknown) => {
    if (typeof value === 'string') found.push(value)
    else if (value && typeof value === 'object') Object.values(value).forEach(walk)
  }
  walk(paths)
  return [...found, paths.playground(), ...SERVICES.map((service) => paths.services.detail(service.slug))]
}

/** The canonical paths that end with a slash ('/about/'), except the home page. */
const SLASHED: ReadonlySet<string> = new Set(
  fixedPaths().filter((path) => path.length > 1 && path.endsWith('/')),
)

/**
 * One URL per page: the canonical path for a known page asked for without its trailing slash
 * ('/about' -> '/about/'), else null. Unknown paths, files ('/robots.txt'), '/api/*' and the
 * slash-less '/pages/*' screens are left alone; content pages and news items redirect in their
 * own loaders, once they know the page exists.
 */
export function trailingSlashRedirect(pathname: string): string | null {
  if (pathname.endsWith('/')) return null
  const slashed = `${pathname}/`
  return SLASHED.has(slashed) ? slashed : null
}

/** Root server middleware: answers 301 to the canonical URL, query string kept. */
export function trailingSlashMiddleware({ request }: { request: Request }): void {
  if (request.method !== 'GET' && request.method !== 'HEAD') return
  const url = new URL(request.url)
  const target = trailingSlashRedirect(url.pathname)
  if (target) throw redirect(`${target}${url.search}`, 301)
}
