import { buildRobots } from '../../features/seo/sitemap.ts'
import { getPublicConfig } from '../../lib/config.server.ts'

/** /robots.txt with its Sitemap line. */
export function loader() {
  return new Response(buildRobots(getPublicConfig().siteUrl), {
    headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
